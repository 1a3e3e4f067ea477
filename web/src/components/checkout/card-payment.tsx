import { CircleExclamationPointIcon } from 'lucide-react';

export const CARD_PAYMENTS_UNAVAILABLE = 'Card payments are not available yet';
/** A confirm call (booking or membership) failed (docs/product-rules.md#failures-and-messages). */
export const CONFIRM_FAILED = { title: 'Ooops!', description: 'Something went wrong. Please wait a minute and try again' };

/**
 * Where the embedded card payment element goes (docs/product-rules.md#appointment-confirmation).
 * Card payments are not set up on this installation yet (docs/product-rules.md#payments), so it
 * stays a placeholder.
 */
export function CardElementPlaceholder() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50 p-4" role="status">
      <div className="flex flex-col gap-2.5" aria-hidden="true">
        <div className="h-10 rounded-lg border border-zinc-200 bg-white" />
        <div className="grid grid-cols-2 gap-2.5">
          <div className="h-10 rounded-lg border border-zinc-200 bg-white" />
          <div className="h-10 rounded-lg border border-zinc-200 bg-white" />
        </div>
      </div>
      <p className="mt-3 text-center text-sm text-zinc-600">{CARD_PAYMENTS_UNAVAILABLE}</p>
    </div>
  );
}

/**
 * The panel a failed card payment shows, with the payment provider's message
 * (docs/product-rules.md#appointment-confirmation).
 */
export function PaymentErrorPanel({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-sm">
      <CircleExclamationPointIcon className="mt-0.5 size-5 shrink-0 text-red-600" />
      <div className="min-w-0">
        <p className="font-semibold text-red-900">Something went wrong.</p>
        <p className="mt-0.5 text-red-800">{message}</p>
      </div>
    </div>
  );
}
