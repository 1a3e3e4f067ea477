import type { Appointment } from '@slotted/contract';
import { CheckoutHeading } from '../../../components/checkout/checkout-heading.tsx';
import { HoldCountdown } from '../../../components/checkout/hold-countdown.tsx';
import type { BookingCheckout } from '../lib/use-booking-checkout.ts';
import { RefundNote } from '../../../components/refund-note.tsx';

/** The page's heading, and what it means for this booking (e-mail sent, time left to confirm, re-booking, refund). */
export function ConfirmationHeader({ appointment, checkout }: { appointment: Appointment; checkout: BookingCheckout }) {
  const { view, heading, headingRef, holdSecondsLeft } = checkout;
  return (
    <div>
      <CheckoutHeading done={view === 'confirmed'} headingRef={headingRef}>
        {heading}
      </CheckoutHeading>
      {view === 'confirmed' && appointment.is_mine && (
        <p className="mt-2 text-sm text-zinc-600">We have sent the details to {appointment.client.email}.</p>
      )}
      {view === 'checkout' && holdSecondsLeft !== null && holdSecondsLeft > 0 && <HoldCountdown seconds={holdSecondsLeft} />}
      {view === 'checkout' && appointment.status === 'cancelled' && (
        <p className="mt-2 text-sm text-zinc-600">This booking was cancelled. Confirm to book the same time again.</p>
      )}
      <RefundNote appointment={appointment} />
    </div>
  );
}
