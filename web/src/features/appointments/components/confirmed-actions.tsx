import { Link } from 'react-router';
import type { Appointment } from '@slotted/contract';
import { DownloadIcon } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { downloadAppointmentCalendar } from '../lib/calendar.ts';
import { paymentBadge } from '../../../lib/appointments/payment-badge.ts';
import type { BookingCheckout } from '../lib/use-booking-checkout.ts';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useDeductMembership } from '../api/deduct-membership.ts';
import { usableMemberships } from '../lib/payment-options.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';
import { refreshBookingLists } from '../../../lib/appointments/cancel-appointment.ts';
import { CheckoutTotal } from '../../../components/checkout/checkout-card.tsx';

/** A confirmed booking: what was paid and how, then My schedule, Add to calendar and Cancel booking. */
export function ConfirmedActions({ appointment, checkout }: { appointment: Appointment; checkout: BookingCheckout }) {
  const { buttonRef, openDialog } = checkout.cancellation;
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Payment" className={cardClasses}>
        <CheckoutTotal price={appointment.price} badge={paymentBadge(appointment)} />
        {appointment.payment_options.includes('membership') && <PayWithMembership appointment={appointment} />}
      </section>
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

/**
 * A confirmed booking left unpaid (its membership stopped covering it) can take a credit of
 * another membership (docs/product-rules.md#memberships-and-credits).
 */
function PayWithMembership({ appointment }: { appointment: Appointment }) {
  const queryClient = useQueryClient();
  const deduct = useDeductMembership();
  return (
    <div className="mt-3 flex flex-col gap-2">
      {usableMemberships(appointment.service.memberships).map((membership) => (
        <Button
          key={membership.id}
          size="l"
          disabled={deduct.isPending}
          onClick={() =>
            deduct.mutate(
              { id: appointment.id, membershipId: membership.id },
              {
                onSuccess: () => {
                  void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointment.id) });
                  void refreshBookingLists(queryClient);
                },
              },
            )
          }
        >
          Pay with {membership.name}
        </Button>
      ))}
    </div>
  );
}
