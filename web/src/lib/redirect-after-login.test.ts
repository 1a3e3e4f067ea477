import '../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { getCookie } from './cookies.ts';
import { REDIRECT_COOKIE, rememberRedirectAfterLogin, takeRedirectAfterLogin } from './redirect-after-login.ts';

describe('redirect after login', () => {
  it('remembers a same-origin path and hands it out once', () => {
    rememberRedirectAfterLogin('/demo/12/2026-11-23/09:00');

    expect(getCookie(REDIRECT_COOKIE)).toBe('/demo/12/2026-11-23/09:00');
    expect(takeRedirectAfterLogin()).toBe('/demo/12/2026-11-23/09:00');
    expect(getCookie(REDIRECT_COOKIE)).toBeNull();
    expect(takeRedirectAfterLogin()).toBe('/');
  });

  it('goes home without a remembered path', () => {
    expect(takeRedirectAfterLogin()).toBe('/');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'demo/12'])(
    'never follows %s to another site, and still clears it',
    (target) => {
      document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent(target)}; path=/`;

      expect(takeRedirectAfterLogin()).toBe('/');
      expect(getCookie(REDIRECT_COOKIE)).toBeNull();
    },
  );

  it('refuses to remember an unsafe target', () => {
    rememberRedirectAfterLogin('//evil.example');

    expect(getCookie(REDIRECT_COOKIE)).toBeNull();
  });
});
