import type { PaymentRecord } from '@slotted/contract';
import { formatInstantDate, formatMoney } from '../../lib/format.ts';

/** A payments history: date and amount, with how it was paid and what was refunded. */
export function PaymentsHistory({ payments }: { payments: PaymentRecord[] }) {
  if (payments.length === 0) return <p className="text-sm text-zinc-500">No payments yet</p>;
  return (
    <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200" aria-label="Payments">
      {payments.map((payment) => (
        <li key={payment.id} className="flex items-center justify-between gap-3 px-3.5 py-2.5 text-sm">
          <span className="min-w-0">
            <span className="block font-medium text-zinc-900">{formatInstantDate(payment.datetime)}</span>
            <span className="block text-xs text-zinc-500">
              {payment.method === 'card' ? 'Card' : 'In person'}
              {payment.refunded > 0 && ` · ${formatMoney(payment.refunded)} refunded`}
            </span>
          </span>
          <span className="shrink-0 font-medium tabular-nums text-zinc-900">{formatMoney(payment.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
