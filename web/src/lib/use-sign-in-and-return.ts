import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberRedirectAfterLogin } from './redirect-after-login.ts';

/**
 * Signing in and coming back (docs/product-rules.md#roles-and-accounts): the page to return to is
 * remembered, then the visitor goes to /login. The answer is `signIn(returnTo?)`:
 *
 * - without `returnTo`, this page cannot go on signed out: /login takes its place in the history
 *   (Back does not return to a page that would send there again) and signing in comes back here;
 * - with `returnTo`, the visitor asked for something that needs an account (Book, Buy): /login is
 *   pushed, and signing in goes to `returnTo`, which may carry what to resume.
 *
 * `signedOut` true (e.g. the page's record answered 401) signs in and comes back here at once.
 */
export function useSignInAndReturn(signedOut = false): (returnTo?: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  const signIn = useCallback(
    (returnTo?: string) => {
      rememberRedirectAfterLogin(returnTo ?? here);
      void navigate('/login', { replace: returnTo === undefined });
    },
    [here, navigate],
  );

  useEffect(() => {
    if (signedOut) signIn();
  }, [signedOut, signIn]);

  return signIn;
}
