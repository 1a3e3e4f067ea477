import { vi } from 'vitest';
import { must } from '../../../server/test/support/must.ts';

/**
 * A stand-in for Stripe.js in web tests (a test mocks `@stripe/stripe-js/pure`'s loadStripe to
 * answer it): React Stripe.js's Elements and Payment Element mount and report ready as with
 * Stripe, and `confirmPayment` / `retrievePaymentIntent` answer what a test sets.
 */
export function fakeStripe() {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const element = {
    mount: vi.fn((node: HTMLElement) => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      node.append(input);
    }),
    on: vi.fn((event: string, handler: (...args: unknown[]) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      must(listeners.get(event), 'listeners.get(event)').add(handler);
      // As Stripe: the element reports ready once its frame has loaded.
      if (event === 'ready') window.setTimeout(() => handler({ elementType: 'payment' }), 0);
      return element;
    }),
    off: vi.fn((event: string, handler: (...args: unknown[]) => void) => {
      listeners.get(event)?.delete(handler);
      return element;
    }),
    update: vi.fn(),
    unmount: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => element), update: vi.fn(), submit: vi.fn(async () => ({})), getElement: vi.fn(() => element) };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmPayment: vi.fn(),
    retrievePaymentIntent: vi.fn(),
    // React Stripe.js recognises a Stripe object by these.
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
  };
  return { stripe, elements, element };
}

export type FakeStripe = ReturnType<typeof fakeStripe>;
