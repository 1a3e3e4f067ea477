import { Link } from 'react-router';
import type { Appointment } from '@slotted/contract';
import { DownloadIcon } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { downloadAppointmentCalendar } from '../lib/calendar.ts';
import { paymentBadge } from '../../../lib/appointments/payment-badge.ts';
import type { BookingCheckout } from '../lib/use-booking-checkout.ts';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';
import { CheckoutTotal } from '../../../components/checkout/checkout-card.tsx';
import { BookingCheckoutCard } from './checkout-card.tsx';

/**
 * A confirmed booking: what was paid and how, then My schedule, Add to calendar and Cancel booking.
 * One left unpaid when its membership stopped covering it shows the ways it can still be paid
 * (docs/product-rules.md#memberships-and-credits).
 */
export function ConfirmedActions({ appointment, checkout }: { appointment: Appointment; checkout: BookingCheckout }) {
  const { buttonRef, openDialog } = checkout.cancellation;
  return (
    <div className="flex flex-col gap-4">
      {checkout.payment.options.length > 0 ? (
        <BookingCheckoutCard appointment={appointment} checkout={checkout} />
      ) : (
        <section aria-label="Payment" className={cardClasses}>
          <CheckoutTotal price={appointment.price} badge={paymentBadge(appointment)} />
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
