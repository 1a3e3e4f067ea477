import type { Membership, MembershipPaymentOption } from '@slotted/contract';
import { CheckoutHeading } from '../../../components/checkout/checkout-heading.tsx';
import { CheckoutLayout, CheckoutPage } from '../../../components/checkout/checkout-page.tsx';
import { HoldCountdown } from '../../../components/checkout/hold-countdown.tsx';
import { SessionExpiredDialog } from '../../../components/checkout/session-expired-dialog.tsx';
import type { StripeReturn } from '../../../components/checkout/use-card-payment.ts';
import { useCheckout } from '../../../components/checkout/use-checkout.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { membershipKeys, purchaseKeys } from '../../../lib/query-keys.ts';
import { useConfirmMembership } from '../api/confirm-membership.ts';
import { fetchMembership, membershipQueryOptions } from '../api/get-membership.ts';
import { membershipCheckoutKey, startMembershipCheckout } from '../api/start-membership-checkout.ts';
import { MembershipCheckoutCard, MembershipConfirmed } from '../components/membership-checkout-card.tsx';
import { MembershipSummary } from '../components/membership-summary.tsx';

const SESSION_EXPIRED_TEXT = "Your session timed out before we could confirm your membership. Just go back and retry—you're almost there!";

/**
 * /memberships/{id} (route MembershipConfirmation, docs/product-rules.md#memberships-and-credits):
 * checkout of a plan just bought, then its confirmation.
 */
export function MembershipConfirmationPage() {
  return (
    <CheckoutPage
      query={membershipQueryOptions}
      loading="Loading your purchase"
      what="this purchase"
      // A malformed id is answered 422: it cannot name a purchase either.
      notFound={(error) => isApiError(error, 'not_found') || isApiError(error, 'validation_failed')}
    >
      {(membership, receivedAt, returned) => <Confirmation membership={membership} receivedAt={receivedAt} returned={returned} />}
    </CheckoutPage>
  );
}

function Confirmation({ membership, receivedAt, returned }: { membership: Membership; receivedAt: number; returned: StripeReturn | null }) {
  const confirmMutation = useConfirmMembership();
  const confirmed = membership.confirmed_at !== null;
  const username = membership.provider.username;
  // The membership checkout (docs/product-rules.md#memberships-and-credits): pay now first when
  // offered, then pay in person.
  const checkout = useCheckout<Membership, MembershipPaymentOption>({
    current: membership,
    receivedAt,
    returned,
    queryKey: membershipKeys.detail(membership.id),
    open: membership.is_mine && !confirmed && membership.status === 'held',
    expirable: membership.is_mine && !confirmed,
    options: membership.payment_options,
    card: {
      checkoutKey: membershipCheckoutKey(membership.id),
      startCheckout: () => startMembershipCheckout(membership.id),
      check: (paymentIntent) => fetchMembership(membership.id, paymentIntent),
      // Confirmed once the server has seen the money; or the purchase ran out first (the server refunds).
      settled: (next) => next.confirmed_at !== null || next.status === 'expired',
    },
    expiredCode: 'purchase_expired',
    // No longer sold meanwhile, or the provider now takes payment online.
    toldCodes: ['plan_unavailable', 'payment_required'],
    confirmWith: () => (handlers) => confirmMutation.mutate(membership.id, handlers),
    refreshLists: (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: membershipKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    },
  });
  const heading = confirmed ? 'Thank you for your purchase!' : 'Checkout';
  const secondsLeft = checkout.holdSecondsLeft;
  return (
    <CheckoutLayout
      title={heading}
      main={
        <>
          <div>
            <CheckoutHeading done={confirmed} headingRef={checkout.headingRef}>
              {heading}
            </CheckoutHeading>
            {confirmed && membership.is_mine && (
              <p className="mt-2 text-sm text-zinc-600">We have sent the details to {membership.client.email}.</p>
            )}
            {!confirmed && secondsLeft !== null && secondsLeft > 0 && <HoldCountdown seconds={secondsLeft} held="purchase" />}
          </div>
          <MembershipSummary membership={membership} />
        </>
      }
      aside={
        confirmed ? (
          <MembershipConfirmed membership={membership} />
        ) : (
          membership.is_mine && <MembershipCheckoutCard membership={membership} checkout={checkout} />
        )
      }
      status={checkout.payment.confirming ? 'Confirming your purchase…' : confirmed ? 'Purchase confirmed' : ''}
    >
      <SessionExpiredDialog
        open={checkout.expired}
        restartTo={username ? `/${encodeURIComponent(username)}` : '/'}
        text={SESSION_EXPIRED_TEXT}
      />
    </CheckoutLayout>
  );
}
