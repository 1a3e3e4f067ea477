import { Link } from 'react-router';
import type { Membership, MembershipPaymentOption } from '@slotted/contract';
import { CheckoutCard, CheckoutTotal } from '../../../components/checkout/checkout-card.tsx';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';
import { PaymentOptionText } from '../../../components/checkout/payment-option-tabs.tsx';
import type { Checkout } from '../../../components/checkout/use-checkout.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { chooseTimePath } from '../../../lib/service-format.ts';

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
      optionPanel={() => <InPersonText membership={membership} />}
      expiredText="Your hold on this purchase has expired."
      noOption={`${provider.name} takes payment online for memberships, and card payments are not available here right now.`}
    />
  );
}

/**
 * What paying in person means for a plan (docs/product-rules.md#memberships-and-credits): it starts
 * at once and books straight away; the money is owed at the next visit, and for a membership every
 * month after.
 */
function InPersonText({ membership }: { membership: Membership }) {
  const price = formatMoney(membership.price);
  const who = <strong className="font-semibold text-zinc-900">{membership.provider.name}</strong>;
  return (
    <PaymentOptionText>
      {membership.interval === 'month' ? (
        <>
          Your membership starts when you confirm, and you can book with it straight away. Pay {who} {price} at your next visit, then{' '}
          {price} each month at the desk until you cancel. Nothing is charged online.
        </>
      ) : (
        <>
          Your pass starts when you confirm, and you can book with it straight away. Pay {who} {price} once, at your next visit. Nothing is
          charged online.
        </>
      )}
    </PaymentOptionText>
  );
}

/**
 * Where to go next once bought: straight to the one service it covers, else to the provider's page
 * ('Book a class' when it covers classes only). Null when the provider has no public page.
 */
export function bookWithMembership(membership: Membership): { label: string; to: string } | null {
  const username = membership.provider.username;
  if (!username) return null;
  const covered = [...new Map(membership.services.flatMap((g) => g.services).map((s) => [s.id, s])).values()];
  const [only] = covered;
  if (only && covered.length === 1) return { label: `Book ${only.name}`, to: chooseTimePath(username, only.id) };
  const classesOnly = covered.length > 0 && covered.every((s) => s.type === 'class');
  const profile = `/${encodeURIComponent(username)}`;
  return classesOnly ? { label: 'Book a class', to: `${profile}?show=timetable` } : { label: 'Book a session', to: profile };
}

/** A confirmed purchase: what it costs and how it is paid, then booking with it, and 'View my order' (My passes). */
export function MembershipConfirmed({ membership }: { membership: Membership }) {
  const badge = membership.paid_at ? ({ label: 'Paid', tone: 'success' } as const) : ({ label: 'Pay in person', tone: 'neutral' } as const);
  const book = membership.is_mine && membership.status === 'active' ? bookWithMembership(membership) : null;
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Payment" className={cardClasses}>
        <CheckoutTotal price={membership.price} badge={badge} />
        {!membership.paid_at && (
          <p className="mt-3 text-sm text-zinc-600">
            Pay {membership.provider.name} {formatMoney(membership.price)} at your next visit
            {membership.interval === 'month' ? ', then each month at the desk' : ''}. You can book with it now.
          </p>
        )}
      </section>
      <div className="flex flex-col gap-2">
        {book && (
          <Link to={book.to} className={buttonClasses({ size: 'l', fullWidth: true })}>
            {book.label}
          </Link>
        )}
        <Link to="/memberships" className={buttonClasses({ size: 'l', fullWidth: true, theme: book ? 'white' : 'primary' })}>
          View my order
        </Link>
      </div>
    </div>
  );
}
