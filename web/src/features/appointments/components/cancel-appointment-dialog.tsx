import type { Appointment } from '@slotted/contract';
import { LazyConfirmDialog } from '../../../components/ui/lazy-dialog.tsx';
import { formatMoney } from '../../../lib/format.ts';

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/**
 * The cancel dialog texts (docs/product-rules.md#failures-and-messages): for the provider, an
 * immediate cancellation with a full refund; for a client past the provider's refund deadline, no
 * refund; otherwise the slot becomes available again and can be rebooked, with what is refunded.
 */
export function cancellationText(appointment: Appointment): string {
  if (!appointment.is_mine) {
    return `The booking is cancelled at once and ${appointment.client.name} is refunded in full. The time becomes available again.`;
  }
  const paid = Boolean(appointment.paid_at);
  if (!appointment.cancellation_refundable) {
    const notice = appointment.provider.policy.min_hours_before_cancellation;
    const reason =
      notice > 0
        ? `It is less than ${hours(notice)} before the start, so there is no refund.`
        : `${appointment.provider.name} does not refund cancellations, so there is no refund.`;
    return paid ? `${reason} You can re-book this time from this page without paying again while it is still free.` : reason;
  }
  const refund =
    appointment.payment_method === 'membership'
      ? 'The session goes back to your membership.'
      : paid
        ? `Your payment of ${formatMoney(appointment.price)} will be refunded.`
        : 'You have not been charged, so there is nothing to refund.';
  return `The slot becomes available again and can be rebooked. ${refund}`;
}

export function CancelAppointmentDialog({
  appointment,
  open,
  onOpenChange,
  loading,
  onConfirm,
}: {
  appointment: Appointment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  onConfirm: () => void;
}) {
  return (
    <LazyConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this booking?"
      description={cancellationText(appointment)}
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}
