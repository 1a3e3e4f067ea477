import { Link } from 'react-router';
import type { Membership } from '@slotted/contract';
import { CircleExclamationPointIcon } from 'lucide-react';
import { CardPaymentElement, CardPaymentStatus, PaymentErrorPanel } from '../../../components/checkout/card-payment.tsx';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';
import { PaymentOptionTabs, PaymentOptionText } from '../../../components/checkout/payment-option-tabs.tsx';
import { SecurePaymentsNote } from '../../../components/checkout/terms-link.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { MEMBERSHIP_OPTION_LABELS, type MembershipCheckout } from '../lib/use-membership-checkout.ts';

function Total({ membership, badge }: { membership: Membership; badge?: { label: string; tone: 'success' | 'neutral' } }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm font-medium text-zinc-900">Total</span>
      <span className="flex items-center gap-2">
        {badge && <Badge tone={badge.tone}>{badge.label}</Badge>}
        <span className="text-lg font-semibold tabular-nums text-zinc-900">{formatMoney(membership.price)}</span>
      </span>
    </div>
  );
}

/**
 * Checkout of a membership: pay now (Stripe's Payment Element) or pay in person, the Total, and
 * Confirm (or 'Pay €…'), as docs/product-rules.md#memberships-and-credits describes.
 */
export function MembershipCheckoutCard({ membership, checkout }: { membership: Membership; checkout: MembershipCheckout }) {
  const { expired, payment } = checkout;
  const { option } = payment;
  const { provider } = membership;
  return (
    <section aria-labelledby="payment-heading" className={cardClasses}>
      <h2 id="payment-heading" className="mb-4 text-base font-semibold text-zinc-900">
        Payment
      </h2>
      {expired ? (
        <p className="text-sm text-zinc-600">Your hold on this purchase has expired.</p>
      ) : option ? (
        <PaymentOptionTabs
          options={payment.options}
          value={option}
          onValueChange={payment.choose}
          labels={MEMBERSHIP_OPTION_LABELS}
          panel={(shown) =>
            shown === 'pay_now' ? (
              <CardPaymentElement card={payment.card} />
            ) : (
              <PaymentOptionText>
                Please pay <strong className="font-semibold text-zinc-900">{provider.name}</strong> in person upon arrival for your
                membership. Nothing is charged now.
              </PaymentOptionText>
            )
          }
        />
      ) : (
        <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <CircleExclamationPointIcon className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span>{provider.name} takes payment online for memberships, and card payments are not available here right now.</span>
        </p>
      )}
      <div className="mt-5 border-t border-zinc-100 pt-4">
        <Total membership={membership} />
      </div>
      {option && !expired && (
        <Button
          size="l"
          fullWidth
          className="mt-4"
          loading={payment.busy}
          disabled={option === 'pay_now' && !payment.card.ready && !payment.payError}
          onClick={payment.confirm}
        >
          {option === 'pay_now' ? `Pay ${formatMoney(membership.price)}` : 'Confirm'}
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

/** A confirmed purchase: what it costs and how it is paid, then 'View my order' (My passes). */
export function MembershipConfirmed({ membership }: { membership: Membership }) {
  const badge = membership.paid_at ? ({ label: 'Paid', tone: 'success' } as const) : ({ label: 'Pay in person', tone: 'neutral' } as const);
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Payment" className={cardClasses}>
        <Total membership={membership} badge={badge} />
      </section>
      <Link to="/memberships" className={buttonClasses({ size: 'l', fullWidth: true })}>
        View my order
      </Link>
    </div>
  );
}
