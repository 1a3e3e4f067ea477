import { Link } from 'react-router';
import type { Appointment } from '@slotted/contract';
import { CalendarClockIcon, DownloadIcon } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { downloadAppointmentCalendar } from '../lib/calendar.ts';
import { paymentBadge } from '../../../lib/appointments/payment-badge.ts';
import { changeTimePath } from '../../../lib/appointments/change-time.ts';
import type { BookingCheckout } from '../lib/use-booking-checkout.ts';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';
import { CheckoutTotal, MEMBERSHIP_TOTAL_BADGE, type TotalBadge } from '../../../components/checkout/checkout-card.tsx';
import { BookingCheckoutCard } from './checkout-card.tsx';

/** The Total's badge: a booking a credit paid totals nothing (docs/product-rules.md#appointment-confirmation). */
function totalBadge(appointment: Appointment): TotalBadge {
  const badge = paymentBadge(appointment);
  return badge.label === 'Included in membership' ? MEMBERSHIP_TOTAL_BADGE : badge;
}

/**
 * A confirmed booking: what was paid and how, then My schedule, Add to calendar, Change time (or
 * why it cannot be moved) and Cancel booking; a no-show says what it keeps.
 * One left unpaid when its membership stopped covering it shows the ways it can still be paid
 * (docs/product-rules.md#memberships-and-credits).
 */
export function ConfirmedActions({ appointment, checkout }: { appointment: Appointment; checkout: BookingCheckout }) {
  const { buttonRef, openDialog } = checkout.cancellation;
  const changeTime = appointment.can_be_moved
    ? changeTimePath(appointment.provider.username, appointment.service.id, appointment.id)
    : null;
  return (
    <div className="flex flex-col gap-4">
      {appointment.attendance === 'no_show' && (
        <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          {appointment.provider.name} marked this session as missed (a no-show). The booking stays as it was:{' '}
          {appointment.payment_method === 'membership' || appointment.membership
            ? 'the membership credit stays used.'
            : appointment.payment_method === 'card'
              ? 'the card payment is kept.'
              : 'the payment is kept (an in-person payment is still owed).'}
        </p>
      )}
      {checkout.payment.options.length > 0 ? (
        <BookingCheckoutCard appointment={appointment} checkout={checkout} />
      ) : (
        <section aria-label="Payment" className={cardClasses}>
          <CheckoutTotal price={appointment.price} badge={totalBadge(appointment)} />
        </section>
      )}
      <div className="flex flex-col-reverse gap-2 sm:grid sm:grid-cols-2">
        <Link to="/" className={buttonClasses({ size: 'l', theme: 'white' })}>
          My schedule
        </Link>
        <Button size="l" leadingIcon={<DownloadIcon className="size-4" />} onClick={() => downloadAppointmentCalendar(appointment)}>
          Add to calendar
        </Button>
      </div>
      {changeTime ? (
        <Link to={changeTime} className={buttonClasses({ size: 'l', theme: 'white' })}>
          <CalendarClockIcon className="size-4" aria-hidden="true" />
          Change time
        </Link>
      ) : (
        appointment.move_refusal && (
          <p className="rounded-xl border border-zinc-200 bg-zinc-50 px-3 py-2.5 text-sm text-zinc-700">
            <span className="font-medium text-zinc-900">Change time: </span>
            {appointment.move_refusal}
          </p>
        )
      )}
      {appointment.can_be_cancelled && (
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="dialog"
          onClick={openDialog}
          className="h-10 self-center rounded-lg px-4 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500"
        >
          Cancel booking
        </button>
      )}
    </div>
  );
}
