import '../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../test/render.tsx';
import { getCookie } from './cookies.ts';
import { REDIRECT_COOKIE } from './redirect-after-login.ts';
import { useSignInAndReturn } from './use-sign-in-and-return.ts';

function Probe({ signedOut = false }: { signedOut?: boolean }) {
  const signIn = useSignInAndReturn(signedOut);
  return (
    <>
      <button type="button" onClick={() => signIn()}>
        Here
      </button>
      <button type="button" onClick={() => signIn('/demo/12?resume=1')}>
        Book
      </button>
    </>
  );
}

function setup(signedOut = false) {
  return renderRoutes(
    [
      { path: '/page', element: <Probe signedOut={signedOut} /> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { path: '/page?tab=2' },
  );
}

describe('useSignInAndReturn', () => {
  it('signs in in place of this page and comes back to it, query included', async () => {
    const { router } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Here' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getCookie(REDIRECT_COOKIE)).toBe('/page?tab=2');
  });

  it('with a page to return to: /login is pushed (Back comes here) and signing in goes there', async () => {
    const { router } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Book' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(getCookie(REDIRECT_COOKIE)).toBe('/demo/12?resume=1');
  });

  it('signed out: goes to sign in at once and comes back here', async () => {
    const { router } = setup(true);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getCookie(REDIRECT_COOKIE)).toBe('/page?tab=2');
  });
});
