import { lazy, Suspense } from 'react';
import { CircleExclamationPointIcon, LoaderCircleIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { PAYMENT_PROCESSING, type CardPayment } from './use-card-payment.ts';

// Stripe's React bindings load with Stripe.js, when pay now is shown: not on the checkout's first
// paint (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md). The skeleton covers both.
const StripePaymentElement = lazy(() => import('./stripe-payment-element.tsx').then((m) => ({ default: m.StripePaymentElement })));

/** A confirm call (booking or membership) failed (docs/product-rules.md#failures-and-messages). */
export const CONFIRM_FAILED = { title: 'Ooops!', description: 'Something went wrong. Please wait a minute and try again' };

/**
 * Pay now's panel (docs/product-rules.md#appointment-confirmation): Stripe's Payment Element, with
 * a placeholder in its place until Stripe.js and the element have loaded.
 */
export function CardPaymentElement({ card }: { card: CardPayment }) {
  const { stripe, elementsOptions, ready } = card;
  return (
    <div className="relative">
      {!ready && <CardPaymentSkeleton />}
      {stripe && elementsOptions && (
        // Laid out but unseen while it loads, so that Stripe can size it.
        <div className={cn(!ready && 'pointer-events-none absolute inset-0 overflow-hidden opacity-0')} aria-hidden={!ready}>
          <Suspense fallback={null}>
            <StripePaymentElement stripe={stripe} options={elementsOptions} card={card} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** The card form's shape while it loads. */
export function CardPaymentSkeleton() {
  return (
    <div role="status" aria-label="Loading the card payment form" className="flex flex-col gap-2.5">
      <Skeleton className="h-3.5 w-24" />
      <Skeleton className="h-11" />
      <div className="grid grid-cols-2 gap-2.5">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-11" />
    </div>
  );
}

/** What a card payment in progress, or after the limit of waiting, tells the client. */
export function CardPaymentStatus({ card }: { card: CardPayment }) {
  if (card.phase === 'confirming') {
    return (
      <p className="flex items-center gap-2 text-sm text-zinc-600">
        <LoaderCircleIcon className="size-4 shrink-0 animate-spin text-brand-600" />
        Confirming your payment…
      </p>
    );
  }
  if (card.phase === 'processing') {
    return (
      <p className="flex items-start gap-2 rounded-xl border border-brand-100 bg-brand-50 p-3.5 text-sm text-brand-900">
        <LoaderCircleIcon className="mt-0.5 size-4 shrink-0 animate-spin text-brand-600" />
        {PAYMENT_PROCESSING}
      </p>
    );
  }
  return null;
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
