import { deleteCookie, getCookie, setCookie } from './cookies.ts';

/**
 * When a visitor must sign in to book or buy, the page to come back to is remembered in a cookie
 * and followed after a successful sign-in (magic link or account creation;
 * docs/product-rules.md#roles-and-accounts).
 */
export const REDIRECT_COOKIE = 'redirect_after_login';
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Only same-origin paths: one leading slash, never '//' or '/\' (protocol-relative URLs). */
export function isSafeRedirectPath(path: string | null | undefined): path is string {
  if (!path || path[0] !== '/') return false;
  if (path[1] === '/' || path[1] === '\\') return false;
  // Control characters could be used to smuggle a host past the check above in some browsers.
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(path);
}

export function rememberRedirectAfterLogin(path: string): void {
  if (!isSafeRedirectPath(path)) return;
  setCookie(REDIRECT_COOKIE, path, { maxAgeSeconds: ONE_DAY_SECONDS });
}

/** The path to go to after signing in ('/' by default); the cookie is used up. */
export function takeRedirectAfterLogin(): string {
  const path = getCookie(REDIRECT_COOKIE);
  if (path !== null) deleteCookie(REDIRECT_COOKIE);
  return isSafeRedirectPath(path) ? path : '/';
}
