import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Appointment, PaymentOption } from '@slotted/contract';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCheckout } from '../../../components/checkout/use-checkout.ts';
import type { StripeReturn } from '../../../components/checkout/use-card-payment.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSignInAndReturn } from '../../../lib/use-sign-in-and-return.ts';
import { chooseTimePath } from '../../../lib/service-format.ts';
import { bookingCancelledTitle, refreshBookingLists, useCancelAppointment } from '../../../lib/appointments/cancel-appointment.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';
import { fetchAppointment } from '../../../lib/appointments/get-appointment.ts';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import { useConfirmWithoutPayment } from '../api/confirm-without-payment.ts';
import { useDeductMembership } from '../api/deduct-membership.ts';
import { checkoutKey, startCheckout } from '../api/start-checkout.ts';
import { offeredOptions, usableMemberships } from './payment-options.ts';

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
 * A booking's checkout (the shared `useCheckout`, with a booking's ways to pay: re-book, pay now,
 * pay in person, one of the client's memberships), plus what only bookings have: which screen
 * shows, cancelling, and re-booking after a cancellation (docs/product-rules.md#appointment-confirmation).
 */
export function useBookingCheckout(appointment: Appointment, receivedAt: number, returned: StripeReturn | null = null) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const signIn = useSignInAndReturn();
  const confirmFree = useConfirmWithoutPayment();
  const deduct = useDeductMembership();
  const cancelMutation = useCancelAppointment();

  const [chosenMembership, setChosenMembership] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [rebooking, setRebooking] = useState(false);

  const secondsToStart = useSecondsLeft(appointment.status === 'cancelled' ? Date.parse(appointment.starts_at) : null);
  const startsInFuture = secondsToStart === null || secondsToStart > 0;
  const view = confirmationView(appointment, startsInFuture, rebooking);
  // Only while the server would take the time again (the provider may have closed it since).
  const canRebook = appointment.is_mine && appointment.status === 'cancelled' && startsInFuture && appointment.payment_options.length > 0;
  const memberships = usableMemberships(appointment.service.memberships);
  const membershipId =
    chosenMembership && memberships.some((m) => m.id === chosenMembership) ? chosenMembership : (memberships[0]?.id ?? null);
  const username = appointment.provider.username;
  const queryKey = appointmentKeys.detail(appointment.id);

  const checkout = useCheckout<Appointment, PaymentOption>({
    current: appointment,
    receivedAt,
    returned,
    queryKey,
    // A confirmed booking its membership stopped covering is paid here too (payment_options says so).
    open: (view === 'checkout' && appointment.status !== 'expired') || (view === 'confirmed' && appointment.payment_options.length > 0),
    expirable: appointment.is_mine,
    options: offeredOptions(appointment),
    card: {
      checkoutKey: checkoutKey(appointment.id),
      startCheckout: () => startCheckout(appointment.id),
      check: (paymentIntent) => fetchAppointment(appointment.id, { sessionId: paymentIntent, include: 'memberships' }),
      // Paid once the server has seen the money; or the hold ran out first (the server refunds).
      settled: (next) => (next.status === 'confirmed' && !next.missing_payment) || next.status === 'expired',
    },
    expiredCode: 'hold_expired',
    // The membership's credits were used up meanwhile (e.g. another booking).
    genericFailureCodes: ['membership_unusable'],
    // Taken or changed meanwhile, or the provider now takes payment online.
    toldCodes: ['slot_taken', 'conflict', 'payment_required'],
    confirmWith: (option) => {
      if (option !== 'membership') return (handlers) => confirmFree.mutate(appointment.id, handlers);
      return membershipId ? (handlers) => deduct.mutate({ id: appointment.id, membershipId }, handlers) : null;
    },
    refreshLists: (client) => void refreshBookingLists(client),
  });
  const { headingRef } = checkout;

  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const focusCancelButton = () => window.setTimeout(() => cancelButtonRef.current?.focus(), 0);

  const cancel = () => {
    cancelMutation.mutate(appointment.id, {
      onSuccess: () => {
        setCancelOpen(false);
        setRebooking(false);
        toast({ title: bookingCancelledTitle(appointment.service.type) });
        // The Cancel button is gone with the booking: start again from the page's heading.
        window.setTimeout(() => headingRef.current?.focus(), 0);
      },
      onError: (error) => {
        setCancelOpen(false);
        focusCancelButton();
        if (isApiError(error, 'unauthenticated')) return signIn();
        // Already cancelled or started meanwhile: say why, show the booking as it is now.
        if (isApiError(error, 'conflict')) {
          toast({ title: CANCEL_FAILED.title, description: error.message, theme: 'error' });
          void queryClient.invalidateQueries({ queryKey });
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
    ...checkout,
    view,
    heading: confirmationHeading(appointment, view),
    rebook,
    startsInFuture,
    restartTo: username ? chooseTimePath(username, appointment.service.id) : '/',
    membershipChoice: { memberships, membershipId, choose: setChosenMembership },
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

export type BookingCheckout = ReturnType<typeof useBookingCheckout>;
