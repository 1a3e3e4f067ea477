import type { Appointment } from '@slotted/contract';
import { CreditCardIcon } from 'lucide-react';
import { refundText } from '../lib/appointments/refund.ts';

/** What was refunded of a cancelled booking's card payment, if anything. */
export function RefundNote({ appointment }: { appointment: Appointment }) {
  const text = refundText(appointment);
  if (!text) return null;
  return (
    <p className="mt-2 flex items-center gap-2 text-sm font-medium text-emerald-800">
      <CreditCardIcon className="size-4 shrink-0 text-emerald-600" />
      {text}
    </p>
  );
}
