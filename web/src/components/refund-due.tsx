import type { Appointment } from '@slotted/contract';
import { HandCoinsIcon } from 'lucide-react';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../lib/api-client.ts';
import { useMarkAppointmentRefunded } from '../lib/appointments/mark-refunded.ts';
import { refundText } from '../lib/appointments/refund.ts';
import { formatMoney } from '../lib/format.ts';
import { Button } from './ui/button.tsx';
import { useToast } from './ui/toast.tsx';

/**
 * For the provider: a refund a cancelled booking owes by hand, because no card refund was possible
 * (docs/product-rules.md#cancellation-and-refunds), with 'Mark as refunded' once given back; then
 * what was given back. `what` names the booking for screen readers where several are listed.
 */
export function RefundDue({ appointment, what }: { appointment: Appointment; what?: string }) {
  const mark = useMarkAppointmentRefunded();
  const { toast } = useToast();
  if (appointment.status !== 'cancelled') return null;
  if (appointment.refund_due_by_hand <= 0) {
    if (appointment.refunded_by_hand <= 0) return null;
    return <p className="mt-1 text-sm font-medium text-emerald-800">{refundText(appointment)}</p>;
  }
  return (
    <div className="mt-2 flex flex-wrap items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      <HandCoinsIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Refund due {formatMoney(appointment.refund_due_by_hand)}</p>
        <p className="mt-0.5">No card refund was possible. Give it back by hand, then mark it refunded.</p>
      </div>
      <Button
        theme="white"
        size="xs"
        className="shrink-0"
        loading={mark.isPending}
        onClick={() =>
          mark.mutate(appointment.id, {
            onError: (error) => {
              if (isApiError(error, 'unauthenticated')) return;
              toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
            },
          })
        }
      >
        Mark as refunded{what && <span className="sr-only">: {what}</span>}
      </Button>
    </div>
  );
}
