import type { Appointment } from '@slotted/contract';
import { CreditCardIcon, HandCoinsIcon } from 'lucide-react';
import { refundText } from '../lib/appointments/refund.ts';

/**
 * What was refunded of a cancelled booking's card payment, if anything; or the refund the provider
 * owes by hand when no card refund was possible (docs/product-rules.md#cancellation-and-refunds).
 */
export function RefundNote({ appointment }: { appointment: Appointment }) {
  const text = refundText(appointment);
  if (!text) return null;
  const owed = appointment.refund_due_by_hand > 0;
  const Icon = owed || appointment.refunded_by_hand > 0 ? HandCoinsIcon : CreditCardIcon;
  return (
    <p className={`mt-2 flex items-center gap-2 text-sm font-medium ${owed ? 'text-amber-900' : 'text-emerald-800'}`}>
      <Icon className={`size-4 shrink-0 ${owed ? 'text-amber-600' : 'text-emerald-600'}`} aria-hidden="true" />
      {text}
    </p>
  );
}
