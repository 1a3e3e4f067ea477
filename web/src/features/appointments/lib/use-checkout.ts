import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CONFIRMATION_SUCCESS_DELAY_MS, type Appointment, type ErrorCode, type PaymentOption } from '@slotted/contract';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { rememberRedirectAfterLogin } from '../../../lib/redirect-after-login.ts';
import { chooseTimePath } from '../../../lib/service-format.ts';
import { refreshBookingLists, useCancelAppointment } from '../../../lib/appointments/cancel-appointment.ts';
import { useConfirmWithoutPayment } from '../api/confirm-without-payment.ts';
import { useDeductMembership } from '../api/deduct-membership.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';
import { fetchAppointment } from '../../../lib/appointments/get-appointment.ts';
import { checkoutKey, startCheckout } from '../api/start-checkout.ts';
import { CONFIRM_FAILED } from '../../../components/checkout/card-payment.tsx';
import { useCardPayment, type StripeReturn } from '../../../components/checkout/use-card-payment.ts';
import { defaultPaymentOption, offeredOptions, usableMemberships } from './payment-options.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';

export const CANCEL_FAILED = { title: 'Oops!', description: 'Something went wrong, please try again in a minute.' };

export type ConfirmationView = 'checkout' | 'confirmed' | 'cancelled' | 'pending';

/**
 * Which screen a booking shows to its viewer. A cancelled booking shows as cancelled until its
 * client chooses to book it again (`rebooking`), and only while it is still ahead
 * (docs/decisions/0010-cancelled-before-re-booking.md).
 */
export function confirmationView(appointment: Appointment, startsInFuture: boolean, rebooking = false): ConfirmationView {
  if (appointment.status === 'confirmed') return 'confirmed';
  if (!appointment.is_mine) return appointment.status === 'cancelled' ? 'cancelled' : 'pending';
  if (appointment.status === 'cancelled') return startsInFuture && rebooking ? 'checkout' : 'cancelled';
  return 'checkout';
}

/**
 * The page's headings (docs/product-rules.md#appointment-confirmation): 'Checkout', 'Booking
 * confirmed', 'Booking cancelled', and 'Re-booking' once the client of a cancelled booking asks to
 * book it again.
 */
export function confirmationHeading(appointment: Appointment, view: ConfirmationView): string {
  if (view === 'confirmed') return 'Booking confirmed';
  if (view === 'cancelled') return 'Booking cancelled';
  if (view === 'pending') return appointment.status === 'expired' ? 'Not confirmed' : 'Awaiting confirmation';
  return appointment.status === 'cancelled' ? 'Re-booking' : 'Checkout';
}

/**
 * The confirmation page's state and actions: which screen, the hold's countdown
 * (docs/product-rules.md#holds), the chosen way to pay, confirming it (the answer is shown after a
 * second: docs/product-rules.md#appointment-confirmation), and cancelling.
 * Each way to pay is one branch of `confirm`; `returned` is Stripe's return from a redirect.
 */
export function useCheckout(appointment: Appointment, receivedAt: number, returned: StripeReturn | null = null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { toast } = useToast();
  const confirmFree = useConfirmWithoutPayment();
  const deduct = useDeductMembership();
  const cancelMutation = useCancelAppointment();

  const [chosenOption, setChosenOption] = useState<PaymentOption | null>(null);
  const [chosenMembership, setChosenMembership] = useState<string | null>(null);
  // From the click until the answer is on screen (the answer waits a second).
  const [confirming, setConfirming] = useState(false);
  const [expiredByServer, setExpiredByServer] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [rebooking, setRebooking] = useState(false);
  const swapTimer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = swapTimer;
    return () => window.clearTimeout(timer.current);
  }, []);

  const held = appointment.status === 'held';
  const holdSecondsLeft = useSecondsLeft(
    held && appointment.expires_in_seconds !== null ? receivedAt + appointment.expires_in_seconds * 1000 : null,
  );
  const secondsToStart = useSecondsLeft(appointment.status === 'cancelled' ? Date.parse(appointment.starts_at) : null);
  const startsInFuture = secondsToStart === null || secondsToStart > 0;
  const view = confirmationView(appointment, startsInFuture, rebooking);
  const canRebook = appointment.is_mine && appointment.status === 'cancelled' && startsInFuture;
  const options = offeredOptions(appointment);
  const option = chosenOption && options.includes(chosenOption) ? chosenOption : defaultPaymentOption(options);

  const card = useCardPayment({
    shown: view === 'checkout' && option === 'pay_now' && !expiredByServer && appointment.status !== 'expired',
    checkoutKey: checkoutKey(appointment.id),
    startCheckout: () => startCheckout(appointment.id),
    current: appointment,
    check: (paymentIntent) => fetchAppointment(appointment.id, { sessionId: paymentIntent, include: 'memberships' }),
    // Confirmed once the server has seen the money; or the hold ran out first (the server refunds).
    settled: (next) => next.status === 'confirmed' || next.status === 'expired',
    onSettled: (next) => {
      setConfirming(true);
      showAnswer(next);
    },
    returned,
  });
  const paying = card.phase !== 'idle';
  const startExpired = isApiError(card.startError, 409) && card.startError.code === ('hold_expired' satisfies ErrorCode);
  const expired =
    appointment.is_mine &&
    !confirming &&
    !paying &&
    (appointment.status === 'expired' || expiredByServer || startExpired || (held && holdSecondsLeft === 0));
  const memberships = usableMemberships(appointment.service.memberships);
  const membershipId =
    chosenMembership && memberships.some((m) => m.id === chosenMembership) ? chosenMembership : (memberships[0]?.id ?? null);
  const username = appointment.provider.username;
  const restartTo = username ? chooseTimePath(username, appointment.service.id) : '/';

  const toLogin = () => {
    rememberRedirectAfterLogin(location.pathname + location.search);
    void navigate('/login', { replace: true });
  };
  const reload = () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointment.id) });

  // Starting the card payment needs the session too: sign in and come back.
  const signedOut = isApiError(card.startError, 401);
  useEffect(() => {
    if (!signedOut) return;
    rememberRedirectAfterLogin(location.pathname + location.search);
    void navigate('/login', { replace: true });
  }, [signedOut, location.pathname, location.search, navigate]);
  const startFailure = card.startError && !signedOut && !startExpired ? card.startError.message : null;

  const showAnswer = (next: Appointment) => {
    swapTimer.current = window.setTimeout(() => {
      queryClient.setQueryData(appointmentKeys.detail(appointment.id), next);
      setConfirming(false);
      // The Confirm button goes away with the checkout: the heading ('Booking confirmed') takes the focus.
      headingRef.current?.focus();
      void refreshBookingLists(queryClient);
    }, CONFIRMATION_SUCCESS_DELAY_MS);
  };

  const confirmFailed = (error: Error) => {
    setConfirming(false);
    if (isApiError(error, 401)) return toLogin();
    if (isApiError(error, 409) && error.code === ('hold_expired' satisfies ErrorCode)) {
      setExpiredByServer(true);
      return;
    }
    if (isApiError(error, 409) && error.code === ('membership_unusable' satisfies ErrorCode)) {
      // Its credits were used up meanwhile (e.g. another booking): say the confirmation failed, show what is left.
      toast({ ...CONFIRM_FAILED, theme: 'error' });
      reload();
      return;
    }
    if (isApiError(error, 409) || isApiError(error, 403)) {
      // The time was taken meanwhile, or the provider now asks for payment: say so, show what is left.
      toast({ title: CONFIRM_FAILED.title, description: error.message, theme: 'error' });
      reload();
      return;
    }
    toast({ ...CONFIRM_FAILED, theme: 'error' });
  };

  const confirm = () => {
    if (!option || confirming) return;
    if (option === 'pay_now') {
      void card.pay();
      return;
    }
    setConfirming(true);
    if (option === 'membership') {
      if (!membershipId) return setConfirming(false);
      deduct.mutate({ id: appointment.id, membershipId }, { onSuccess: showAnswer, onError: confirmFailed });
    } else {
      confirmFree.mutate(appointment.id, { onSuccess: showAnswer, onError: confirmFailed });
    }
  };

  const focusCancelButton = () => window.setTimeout(() => cancelButtonRef.current?.focus(), 0);

  const cancel = () => {
    cancelMutation.mutate(appointment.id, {
      onSuccess: () => {
        setCancelOpen(false);
        setRebooking(false);
        toast({ title: 'Appointment cancelled.' });
        // The Cancel button is gone with the booking: start again from the page's heading.
        window.setTimeout(() => headingRef.current?.focus(), 0);
      },
      onError: (error) => {
        setCancelOpen(false);
        focusCancelButton();
        if (isApiError(error, 401)) return toLogin();
        if (isApiError(error, 409)) {
          toast({ title: CANCEL_FAILED.title, description: error.message, theme: 'error' });
          reload();
          return;
        }
        toast({ ...CANCEL_FAILED, theme: 'error' });
      },
    });
  };

  /** Shows the checkout again for a cancelled booking that is still ahead; null when it cannot be re-booked here. */
  const rebook = canRebook
    ? () => {
        setRebooking(true);
        // The button is gone with the notice: the heading ('Re-booking') takes the focus.
        window.setTimeout(() => headingRef.current?.focus(), 0);
      }
    : null;

  return {
    view,
    heading: confirmationHeading(appointment, view),
    headingRef,
    rebook,
    /** Seconds left on a live hold, or null. */
    holdSecondsLeft,
    expired,
    restartTo,
    payment: {
      options,
      option,
      choose: setChosenOption,
      memberships,
      membershipId,
      chooseMembership: setChosenMembership,
      confirm,
      confirming: confirming || paying,
      busy: confirming || paying || (option === 'pay_now' && card.starting),
      card,
      payError: option === 'pay_now' ? (card.error ?? startFailure) : null,
    },
    cancellation: {
      open: cancelOpen,
      openDialog: () => setCancelOpen(true),
      onOpenChange: (open: boolean) => {
        setCancelOpen(open);
        if (!open) focusCancelButton();
      },
      buttonRef: cancelButtonRef,
      pending: cancelMutation.isPending,
      cancel,
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
