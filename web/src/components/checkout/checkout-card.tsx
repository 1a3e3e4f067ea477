import type { ReactNode } from 'react';
import { CircleExclamationPointIcon } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Badge } from '../ui/page.tsx';
import { cn } from '../../lib/cn.ts';
import { formatMoney } from '../../lib/format.ts';
import { CardPaymentElement, CardPaymentStatus, PaymentErrorPanel } from './card-payment.tsx';
import { cardClasses } from './checkout-frame.tsx';
import { PaymentOptionTabs } from './payment-option-tabs.tsx';
import { SecurePaymentsNote } from './terms-link.tsx';
import type { Checkout } from './use-checkout.ts';

export interface TotalBadge {
  label: string;
  tone: 'success' | 'brand' | 'neutral';
  /** A membership credit pays it: nothing is charged, and the price shows only as what it usually costs. */
  covered?: boolean;
}

/** The badge of a booking a membership credit pays (docs/product-rules.md#appointment-confirmation). */
export const MEMBERSHIP_TOTAL_BADGE: TotalBadge = { label: 'Included in your membership', tone: 'brand', covered: true };

/**
 * The Total line: the amount charged and a badge saying how it is paid, if any. A booking a
 * membership pays totals €0.00, its usual price struck through beside it, so the badge never sits
 * next to a price that reads as a charge (issue 27 #6).
 */
export function CheckoutTotal({ price, badge, className }: { price: number; badge?: TotalBadge | null; className?: string }) {
  const amount = (value: number) => <span className="text-lg font-semibold tabular-nums text-zinc-900">{formatMoney(value)}</span>;
  if (badge?.covered === true && price > 0) {
    // Two lines, so the badge never sits beside a figure that reads as the charge.
    return (
      <div className={cn('flex flex-col gap-1', className)}>
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm font-medium text-zinc-900">Total</span>
          {amount(0)}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
          <Badge tone={badge.tone}>{badge.label}</Badge>
          <span className="text-sm text-zinc-500 tabular-nums">
            usually <s>{formatMoney(price)}</s>
          </span>
        </div>
      </div>
    );
  }
  return (
    <div className={cn('flex items-center justify-between gap-3', className)}>
      <span className="text-sm font-medium text-zinc-900">Total</span>
      <span className="flex items-center gap-2">
        {badge && <Badge tone={badge.tone}>{badge.label}</Badge>}
        {amount(price)}
      </span>
    </div>
  );
}

/** A notice that nothing offered here can pay (the provider asks for card payment, which this installation does not take). */
export function NoPaymentOption({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      <CircleExclamationPointIcon className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <span>{children}</span>
    </p>
  );
}

/**
 * A checkout's Payment card (docs/product-rules.md#confirmation-and-payment-options), for bookings
 * and plan purchases alike: the ways to pay (pay now is Stripe's Payment Element; the others'
 * panels are the caller's), the Total, Confirm (or 'Pay €…'), the card payment's progress and
 * failure, and the terms.
 */
export function CheckoutCard<O extends string>({
  checkout,
  price,
  provider,
  labels,
  optionPanel,
  totalBadge,
  expiredText,
  noOption,
}: {
  checkout: Pick<Checkout<O>, 'expired' | 'payment'>;
  price: number;
  provider: { name: string; policy: { terms_of_service: string } };
  labels: Record<O, string>;
  /** The panel of a way to pay other than pay now. */
  optionPanel: (option: Exclude<O, 'pay_now'>) => ReactNode;
  /** The Total's badge for the chosen way to pay (while the checkout has not run out). */
  totalBadge?: (option: O | null) => TotalBadge | null;
  /** Said in place of the ways to pay once the hold has run out. */
  expiredText: string;
  /** Said when no way to pay is offered. */
  noOption: ReactNode;
}) {
  const { expired, payment } = checkout;
  const { option } = payment;
  return (
    <section aria-labelledby="payment-heading" className={cardClasses}>
      <h2 id="payment-heading" className="mb-4 text-base font-semibold text-zinc-900">
        Payment
      </h2>
      {expired ? (
        <p className="text-sm text-zinc-600">{expiredText}</p>
      ) : option ? (
        <PaymentOptionTabs
          options={payment.options}
          value={option}
          onValueChange={payment.choose}
          labels={labels}
          panel={(shown) =>
            shown === 'pay_now' ? <CardPaymentElement card={payment.card} /> : optionPanel(shown as Exclude<O, 'pay_now'>)
          }
        />
      ) : (
        <NoPaymentOption>{noOption}</NoPaymentOption>
      )}
      <CheckoutTotal price={price} badge={expired ? null : totalBadge?.(option)} className="mt-5 border-t border-zinc-100 pt-4" />
      {option && !expired && (
        <Button size="l" fullWidth className="mt-4" loading={payment.busy} disabled={payment.disabled} onClick={payment.confirm}>
          {option === 'pay_now' ? `Pay ${formatMoney(price)}` : 'Confirm'}
        </Button>
      )}
      {option === 'pay_now' && !expired && (
        <div className="mt-4 empty:hidden" aria-live="polite">
          <CardPaymentStatus card={payment.card} />
        </div>
      )}
      {payment.payError && (
        <div className="mt-4">
          <PaymentErrorPanel message={payment.payError} />
        </div>
      )}
      <SecurePaymentsNote terms={provider.policy.terms_of_service} providerName={provider.name} card={option === 'pay_now' && !expired} />
    </section>
  );
}
