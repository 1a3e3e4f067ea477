import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Membership } from '@slotted/contract';
import { ConfirmationFrame, ConfirmationSkeleton } from '../../../components/checkout/checkout-frame.tsx';
import { CheckoutHeading } from '../../../components/checkout/checkout-heading.tsx';
import { HoldCountdown } from '../../../components/checkout/hold-countdown.tsx';
import { SessionExpiredDialog } from '../../../components/checkout/session-expired-dialog.tsx';
import { PageNotFound } from '../../../components/not-found-page.tsx';
import { DocumentTitle } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { rememberRedirectAfterLogin } from '../../../lib/redirect-after-login.ts';
import { useMembership } from '../api/get-membership.ts';
import { MembershipCheckoutCard, MembershipConfirmed } from '../components/membership-checkout-card.tsx';
import { MembershipSummary } from '../components/membership-summary.tsx';
import { useMembershipCheckout } from '../lib/use-membership-checkout.ts';
import { returnedSessionId, stripeReturn, type StripeReturn } from '../../../components/checkout/use-card-payment.ts';

const LOADING = 'Loading your purchase';
const SESSION_EXPIRED_TEXT = "Your session timed out before we could confirm your membership. Just go back and retry—you're almost there!";

/**
 * /memberships/{id} (route MembershipConfirmation, docs/product-rules.md#memberships-and-credits):
 * checkout of a plan just bought, then its confirmation.
 */
export function MembershipConfirmationPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Back from Stripe (a redirect-based payment): the server checks that payment before answering.
  const sessionId = returnedSessionId(search);
  const [returned] = useState(() => stripeReturn(search));
  const membership = useMembership(id, sessionId);
  const signedOut = isApiError(membership.error, 401);
  const here = location.pathname + location.search;

  // Once answered, the page's address loses Stripe's query: a reload does not bring it back.
  const answered = membership.isSuccess;
  useEffect(() => {
    if (sessionId && answered) void navigate(location.pathname, { replace: true });
  }, [sessionId, answered, location.pathname, navigate]);

  // Login optional here, but a purchase is private: sign in and come back.
  useEffect(() => {
    if (!signedOut) return;
    rememberRedirectAfterLogin(here);
    void navigate('/login', { replace: true });
  }, [signedOut, here, navigate]);

  if (signedOut) return <ConfirmationSkeleton label={LOADING} />;
  // A malformed id is answered 422: it cannot name a purchase either.
  if (isApiError(membership.error, 404) || isApiError(membership.error, 422)) return <PageNotFound />;
  return (
    <QueryState
      query={membership}
      what="this purchase"
      loading={<ConfirmationSkeleton label={LOADING} />}
      errorFrame={(error) => <ConfirmationFrame>{error}</ConfirmationFrame>}
    >
      {(data) => <Confirmation membership={data} receivedAt={membership.dataUpdatedAt} returned={returned} />}
    </QueryState>
  );
}

function Confirmation({ membership, receivedAt, returned }: { membership: Membership; receivedAt: number; returned: StripeReturn | null }) {
  const checkout = useMembershipCheckout(membership, receivedAt, returned);
  const { confirmed, secondsLeft } = checkout;
  return (
    <ConfirmationFrame>
      <DocumentTitle title={checkout.heading} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-start lg:gap-10">
        <div className="flex min-w-0 flex-col gap-6">
          <div>
            <CheckoutHeading done={confirmed} headingRef={checkout.headingRef}>
              {checkout.heading}
            </CheckoutHeading>
            {confirmed && membership.is_mine && (
              <p className="mt-2 text-sm text-zinc-600">We have sent the details to {membership.client.email}.</p>
            )}
            {!confirmed && secondsLeft !== null && secondsLeft > 0 && <HoldCountdown seconds={secondsLeft} />}
          </div>
          <MembershipSummary membership={membership} />
        </div>

        <div className="min-w-0 lg:sticky lg:top-8">
          {confirmed ? (
            <MembershipConfirmed membership={membership} />
          ) : (
            membership.is_mine && <MembershipCheckoutCard membership={membership} checkout={checkout} />
          )}
        </div>
      </div>

      <p className="sr-only" role="status">
        {checkout.payment.confirming ? 'Confirming your purchase…' : confirmed ? 'Purchase confirmed' : ''}
      </p>
      <SessionExpiredDialog open={checkout.expired} restartTo={checkout.restartTo} text={SESSION_EXPIRED_TEXT} />
    </ConfirmationFrame>
  );
}
