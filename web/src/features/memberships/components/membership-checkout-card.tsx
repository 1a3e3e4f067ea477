import { Link } from 'react-router';
import type { Membership, MembershipPaymentOption } from '@slotted/contract';
import { CheckoutCard, CheckoutTotal } from '../../../components/checkout/checkout-card.tsx';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';
import { PaymentOptionText } from '../../../components/checkout/payment-option-tabs.tsx';
import type { Checkout } from '../../../components/checkout/use-checkout.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';

const MEMBERSHIP_OPTION_LABELS: Record<MembershipPaymentOption, string> = {
  pay_now: 'Pay now',
  in_person: 'Pay in person',
};

/**
 * Checkout of a membership: the shared checkout card with pay now or pay in person, as
 * docs/product-rules.md#memberships-and-credits describes.
 */
export function MembershipCheckoutCard({ membership, checkout }: { membership: Membership; checkout: Checkout<MembershipPaymentOption> }) {
  const { provider } = membership;
  return (
    <CheckoutCard
      checkout={checkout}
      price={membership.price}
      provider={provider}
      labels={MEMBERSHIP_OPTION_LABELS}
      optionPanel={() => (
        <PaymentOptionText>
          Please pay <strong className="font-semibold text-zinc-900">{provider.name}</strong> in person upon arrival for your membership.
          Nothing is charged now.
        </PaymentOptionText>
      )}
      expiredText="Your hold on this purchase has expired."
      noOption={`${provider.name} takes payment online for memberships, and card payments are not available here right now.`}
    />
  );
}

/** A confirmed purchase: what it costs and how it is paid, then 'View my order' (My passes). */
export function MembershipConfirmed({ membership }: { membership: Membership }) {
  const badge = membership.paid_at ? ({ label: 'Paid', tone: 'success' } as const) : ({ label: 'Pay in person', tone: 'neutral' } as const);
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Payment" className={cardClasses}>
        <CheckoutTotal price={membership.price} badge={badge} />
      </section>
      <Link to="/memberships" className={buttonClasses({ size: 'l', fullWidth: true })}>
        View my order
      </Link>
    </div>
  );
}
