import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { Stripe, StripeElements, StripeElementsOptionsClientSecret } from '@stripe/stripe-js';
import type { Checkout } from '@slotted/contract';
import { useConfig } from '../../lib/config.ts';

/** Polling the server after a payment: every second at first, then, once it is 'being processed', slowly. */
export const CONFIRM_POLL_MS = 1000;
export const CONFIRM_FAST_POLLS = 10;
export const CONFIRM_SLOW_POLL_MS = 5000;

export const PAYMENT_PROCESSING =
  'Your payment is being processed. This page will update as soon as it is confirmed; there is no need to pay again.';
const LOAD_FAILED = 'The card payment form could not be loaded. Please check your connection and try again.';
const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for this key, loaded once, the first time pay now is shown. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    // The pure entry point loads Stripe.js only when loadStripe is called, and is itself imported
    // then: neither is part of the checkout's first load
    // (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
    stripe = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
    // A failed load (e.g. offline) is tried again the next time pay now is shown.
    stripe.catch(() => stripes.delete(publishableKey));
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe's return from a redirect-based payment (3-D Secure): the page's query. */
export interface StripeReturn {
  paymentIntent: string;
  clientSecret: string | null;
  /** 'succeeded', 'failed' or 'processing'. */
  status: string | null;
}

/** Stripe's return, from the query Stripe sends the browser back with; null when there is none. */
export function stripeReturn(search: URLSearchParams): StripeReturn | null {
  const paymentIntent = search.get('payment_intent');
  if (!paymentIntent) return null;
  return { paymentIntent, clientSecret: search.get('payment_intent_client_secret'), status: search.get('redirect_status') };
}

/** The checkout's session id for GET /api/appointments/{id} and /api/memberships/{id}: the spec's `session_id`, or Stripe's return. */
export function returnedSessionId(search: URLSearchParams): string | null {
  return search.get('session_id') ?? search.get('payment_intent');
}

export type CardPaymentPhase = 'idle' | 'paying' | 'confirming' | 'processing';

export interface CardPaymentOptions<T> {
  /** Pay now is the option on screen and the checkout is live: the client secret is asked for then. */
  shown: boolean;
  /** Caches the client secret: the checkout is started once, however often the tab is shown or the button pressed. */
  checkoutKey: QueryKey;
  startCheckout: () => Promise<Checkout>;
  /** The booking or purchase as it is now. */
  current: T;
  /** Reads it again, the server checking this payment with Stripe before answering. */
  check: (paymentIntentId: string) => Promise<T>;
  /** Confirmed, or no longer waiting for a payment (e.g. the hold ran out). */
  settled: (value: T) => boolean;
  /** Puts the settled answer on screen. */
  onSettled: (value: T) => void;
  /** Stripe's return from a redirect, once, when the page was loaded by it. */
  returned: StripeReturn | null;
}

/** What confirms a payment: Stripe and the Payment Element's group. */
export interface CardForm {
  stripe: Stripe;
  elements: StripeElements;
}

/**
 * Card payment with Stripe's Payment Element (docs/product-rules.md#confirmation-and-payment-options):
 * starts the checkout and loads Stripe.js when pay now is shown, confirms the payment with Stripe,
 * then waits for the server to see it (webhook, or its own check on `session_id`): the booking or
 * purchase is confirmed only once Stripe says the money moved, never on the browser's word.
 */
export function useCardPayment<T>(options: CardPaymentOptions<T>) {
  const { config } = useConfig();
  const location = useLocation();
  const key = config.stripe_publishable_key;
  const [phase, setPhase] = useState<CardPaymentPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const form = useRef<CardForm | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const secret = useQuery({
    queryKey: options.checkoutKey,
    queryFn: options.startCheckout,
    enabled: options.shown && key !== null,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const clientSecret = secret.data?.client_secret ?? null;

  const [wanted, setWanted] = useState(false);
  if (options.shown && key && !wanted) setWanted(true);
  const stripe = useMemo(
    () =>
      wanted && key
        ? stripeFor(key).catch(() => {
            setError(LOAD_FAILED);
            return null;
          })
        : null,
    [wanted, key],
  );

  const elementsOptions = useMemo<StripeElementsOptionsClientSecret | null>(
    () =>
      clientSecret
        ? {
            clientSecret,
            appearance: { theme: 'stripe', variables: { colorPrimary: '#4f46e5', borderRadius: '8px', spacingUnit: '4px' } },
          }
        : null,
    [clientSecret],
  );

  /** Asks the server until the booking or purchase is settled: quickly at first, then slowly, while the page is open. */
  const awaitSettled = useCallback(async (paymentIntentId: string) => {
    setPhase('confirming');
    for (let attempt = 1; alive.current; attempt++) {
      const value = await latest.current.check(paymentIntentId).catch(() => null);
      if (!alive.current) return;
      if (value !== null && latest.current.settled(value)) {
        setPhase('idle');
        latest.current.onSettled(value);
        return;
      }
      if (attempt === CONFIRM_FAST_POLLS) setPhase('processing');
      await new Promise((resolve) => window.setTimeout(resolve, attempt < CONFIRM_FAST_POLLS ? CONFIRM_POLL_MS : CONFIRM_SLOW_POLL_MS));
    }
  }, []);

  // Back from a redirect (3-D Secure): the server has already checked the payment for the page's
  // first answer; wait for it if it is not settled yet, or say why it failed.
  const handledReturn = useRef(false);
  useEffect(() => {
    const { returned, current, settled } = latest.current;
    if (handledReturn.current || !returned) return;
    // Stripe's message about the failure needs Stripe.js, hence the key (config may still be loading).
    if (returned.status === 'failed' && !key) return;
    handledReturn.current = true;
    if (returned.status === 'failed') {
      void (async () => {
        const secret = returned.clientSecret;
        const loaded = key && secret ? await stripeFor(key).catch(() => null) : null;
        const result = loaded && secret ? await loaded.retrievePaymentIntent(secret) : null;
        if (alive.current) setError(result?.paymentIntent?.last_payment_error?.message ?? AUTHENTICATION_FAILED);
      })();
    } else if (!settled(current)) {
      void awaitSettled(returned.paymentIntent);
    }
  }, [key, awaitSettled]);

  const pay = async () => {
    if (phase !== 'idle') return;
    setError(null);
    if (!clientSecret) {
      // Starting the checkout failed: pressing Pay tries again.
      void secret.refetch();
      return;
    }
    const loaded = form.current;
    if (!loaded || !ready) return;
    setPhase('paying');
    const result = await loaded.stripe.confirmPayment({
      elements: loaded.elements,
      confirmParams: { return_url: new URL(location.pathname, window.location.origin).toString() },
      redirect: 'if_required',
    });
    if (!alive.current) return;
    if (result.error) {
      setError(result.error.message ?? AUTHENTICATION_FAILED);
      setPhase('idle');
      return;
    }
    await awaitSettled(result.paymentIntent.id);
  };

  return {
    phase,
    /** Stripe's message for a failed payment, or why the form could not be shown. */
    error,
    /** Why the checkout could not be started (the caller handles sign-in and expiry; the rest is shown). */
    startError: secret.error,
    starting: secret.isFetching,
    /** The Payment Element is on screen: the Pay button can be pressed. */
    ready,
    stripe,
    elementsOptions,
    pay,
    onReady: useCallback(() => setReady(true), []),
    onLoadError: useCallback(() => setError(LOAD_FAILED), []),
    setForm: useCallback((next: CardForm | null) => {
      form.current = next;
    }, []),
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;
