/**
 * Shared jsdom setup, imported first by every web test file (the root Vitest config owns
 * setupFiles, so each test opts in with `import '../test/setup.ts'`).
 */
import './node-globals.ts';
import '../app/preact-react19.ts';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './api.ts';

// findBy/waitFor wait longer than the 1 s default: a busy 2-core CI machine renders slowly, and
// the first visit of a lazy page in a file imports it cold (over 5 s seen under load). A wait
// ends as soon as what it looks for is there, so only a failing test waits this long.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs that Radix (Popper, Presence, pointer capture) relies on.
class ResizeObserverStub implements ResizeObserver {
  constructor(_callback: ResizeObserverCallback) {}
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
window.HTMLElement.prototype.hasPointerCapture ??= () => false;
window.HTMLElement.prototype.setPointerCapture ??= () => {};
window.HTMLElement.prototype.releasePointerCapture ??= () => {};
// jsdom has no CSS.escape, which React Aria's overlays use to look up a CSP nonce <meta>.
if (typeof CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', {
    configurable: true,
    value: { escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') },
  });
}
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The toasts' layer loads with a page's first toast (components/ui/toast.tsx): imported here, a
// test's first toast shows as soon as it is rendered, not after a cold import on a busy machine.
beforeAll(() => import('../components/ui/toast-layer.tsx'), 120_000);
afterAll(async () => {
  server.close();
  // Preact runs effects after paint: a frame, or a 35 ms timer that then cancels the frame. Let
  // the last such timer fire while jsdom is still here: after the file's environment is torn down,
  // it would find no cancelAnimationFrame and fail the run with an uncaught ReferenceError.
  await new Promise((resolve) => setTimeout(resolve, 100));
});

afterEach(() => {
  server.resetHandlers();
  cleanup();
  clearCookies();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});
