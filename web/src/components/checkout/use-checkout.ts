import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { CONFIRMATION_SUCCESS_DELAY_MS, type ErrorCode } from '@slotted/contract';
import { useToast } from '../ui/toast.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useSecondsLeft } from '../../lib/use-seconds-left.ts';
import { useSignInAndReturn } from '../../lib/use-sign-in-and-return.ts';
import { CONFIRM_FAILED } from './card-payment.tsx';
import { useCardPayment, type CardPaymentOptions, type StripeReturn } from './use-card-payment.ts';

/**
 * A single option is selected; memberships are chosen by default when offered (a booking offers
 * them only when one is usable); otherwise the first option, which is pay now when offered (the
 * server lists it first) (docs/product-rules.md#confirmation-and-payment-options).
 */
export function defaultPaymentOption<O extends string>(options: readonly O[]): O | null {
  if (options.length === 0) return null;
  if (options.length === 1) return options[0];
  if (options.includes('membership' as O)) return 'membership' as O;
  return options[0];
}

/** What a confirm call does with its answer. */
export interface ConfirmHandlers<T> {
  onSuccess: (next: T) => void;
  onError: (error: Error) => void;
}

/** What one checkout (a booking's, a plan purchase's) passes to `useCheckout`. */
/** What a checkout reads of its booking or purchase: its hold, and whether it has run out. */
export interface Held {
  status: string;
  expires_in_seconds: number | null;
}

export interface CheckoutSpec<T extends Held, O extends string> {
  /** The booking or purchase as it is now, and when it was answered (the countdown runs from there). */
  current: T;
  receivedAt: number;
  /** Stripe's return from a redirect-based card payment, when the page was loaded by it. */
  returned: StripeReturn | null;
  /** Its cached answer: the confirmed answer replaces it, and a conflict reads it again. */
  queryKey: QueryKey;
  /** The checkout is on screen and has not run out: pay now may be started. */
  open: boolean;
  /** Running out concerns the viewer (their own, not yet confirmed): the expired dialog may show. */
  expirable: boolean;
  /** The offered ways to pay, in the server's order. */
  options: readonly O[];
  /** Pay now's start, check and end (see useCardPayment). */
  card: Pick<CardPaymentOptions<T>, 'checkoutKey' | 'startCheckout' | 'check' | 'settled'>;
  /** The 409 code saying the hold ran out. */
  expiredCode: ErrorCode;
  /** Codes told with the generic failure (their message is not for the client), then read again. */
  genericFailureCodes?: readonly ErrorCode[];
  /** Codes told with the server's message (taken, no longer sold, payment now required…), then read again. */
  toldCodes: readonly ErrorCode[];
  /** Confirms with a way to pay other than pay now; null while that way lacks a choice (no membership chosen). */
  confirmWith: (option: Exclude<O, 'pay_now'>) => ((handlers: ConfirmHandlers<T>) => void) | null;
  /** After the confirmed answer is on screen: the lists that show it are read again. */
  refreshLists: (queryClient: QueryClient) => void;
}

/**
 * A checkout's state and actions, for bookings and plan purchases alike
 * (docs/product-rules.md#confirmation-and-payment-options, #holds, #memberships-and-credits): the
 * hold's countdown, the chosen way to pay, confirming it (the answer is shown a second later:
 * docs/product-rules.md#appointment-confirmation), pay now through Stripe, and the expired state.
 * A 401 signs in and comes back here.
 */
export function useCheckout<T extends Held, O extends string>(spec: CheckoutSpec<T, O>) {
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const [chosen, setChosen] = useState<O | null>(null);
  // From the click until the answer is on screen (the answer waits a second).
  const [confirming, setConfirming] = useState(false);
  const [expiredByServer, setExpiredByServer] = useState(false);
  const swapTimer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const timer = swapTimer;
    return () => window.clearTimeout(timer.current);
  }, []);

  const { current, options } = spec;
  const holdSeconds = current.status === 'held' ? current.expires_in_seconds : null;
  const holdSecondsLeft = useSecondsLeft(holdSeconds !== null ? spec.receivedAt + holdSeconds * 1000 : null);
  const option = chosen && options.includes(chosen) ? chosen : defaultPaymentOption(options);

  const card = useCardPayment({
    ...spec.card,
    shown: spec.open && option === 'pay_now' && !expiredByServer,
    current,
    onSettled: (next) => {
      setConfirming(true);
      showAnswer(next);
    },
    returned: spec.returned,
  });
  const paying = card.phase !== 'idle';
  const startExpired = isApiError(card.startError, spec.expiredCode);
  const expired =
    spec.expirable && !confirming && !paying && (current.status === 'expired' || expiredByServer || startExpired || holdSecondsLeft === 0);

  // Starting the card payment needs the session too: sign in and come back.
  const signedOut = isApiError(card.startError, 'unauthenticated');
  const signIn = useSignInAndReturn(signedOut);
  const startFailure = card.startError && !signedOut && !startExpired ? card.startError.message : null;
  const reload = () => void queryClient.invalidateQueries({ queryKey: spec.queryKey });

  const showAnswer = (next: T) => {
    swapTimer.current = window.setTimeout(() => {
      queryClient.setQueryData(spec.queryKey, next);
      setConfirming(false);
      // The Confirm button goes away with the checkout: the heading takes the focus.
      headingRef.current?.focus();
      spec.refreshLists(queryClient);
    }, CONFIRMATION_SUCCESS_DELAY_MS);
  };

  const confirmFailed = (error: Error) => {
    setConfirming(false);
    if (isApiError(error, 'unauthenticated')) return signIn();
    if (isApiError(error, spec.expiredCode)) {
      setExpiredByServer(true);
      return;
    }
    if (spec.genericFailureCodes && isApiError(error, ...spec.genericFailureCodes)) {
      // E.g. a membership's credits were used up meanwhile: say the confirmation failed, show what is left.
      toast({ ...CONFIRM_FAILED, theme: 'error' });
      reload();
      return;
    }
    if (isApiError(error, ...spec.toldCodes)) {
      // Taken or no longer sold meanwhile, or the provider now asks for payment: say so, show what is left.
      toast({ title: CONFIRM_FAILED.title, description: error.message, theme: 'error' });
      reload();
      return;
    }
    toast({ ...CONFIRM_FAILED, theme: 'error' });
  };

  const confirmer = option && option !== 'pay_now' ? spec.confirmWith(option as Exclude<O, 'pay_now'>) : null;

  const confirm = () => {
    if (!option || confirming) return;
    if (option === 'pay_now') {
      void card.pay();
      return;
    }
    if (!confirmer) return;
    setConfirming(true);
    confirmer({ onSuccess: showAnswer, onError: confirmFailed });
  };

  const payError = option === 'pay_now' ? (card.error ?? startFailure) : null;
  return {
    headingRef,
    /** Seconds left on a live hold, or null. */
    holdSecondsLeft,
    expired,
    payment: {
      options,
      option,
      choose: setChosen,
      confirm,
      confirming: confirming || paying,
      busy: confirming || paying || (option === 'pay_now' && card.starting),
      /** Confirm cannot be pressed yet: the card form is not ready, or the chosen way lacks a choice. */
      disabled: option === 'pay_now' ? !card.ready && !payError : !confirmer,
      card,
      payError,
    },
  };
}

export type Checkout<O extends string = string> = ReturnType<typeof useCheckout<Held, O>>;
