import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@slotted/contract';
import { DocumentTitle } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { rememberRedirectAfterLogin } from '../../../lib/redirect-after-login.ts';
import { PageNotFound } from '../../../components/not-found-page.tsx';
import { appointmentQueryOptions } from '../../../lib/appointments/get-appointment.ts';
import { returnedSessionId, stripeReturn, type StripeReturn } from '../../../components/checkout/use-card-payment.ts';
import { AppointmentDetailsCard, ServiceSummary } from '../components/appointment-details.tsx';
import { BookingNotice } from '../components/booking-notice.tsx';
import { CancelAppointmentDialog } from '../components/cancel-appointment-dialog.tsx';
import { CheckoutCard } from '../components/checkout-card.tsx';
import { ConfirmationFrame, ConfirmationSkeleton } from '../../../components/checkout/checkout-frame.tsx';
import { ConfirmationHeader } from '../components/confirmation-header.tsx';
import { ConfirmedActions } from '../components/confirmed-actions.tsx';
import { SessionExpiredDialog } from '../../../components/checkout/session-expired-dialog.tsx';
import { useCheckout } from '../lib/use-checkout.ts';
import { refundPending } from '../../../lib/appointments/refund.ts';

const LOADING = 'Loading your booking';
/** How often the page looks again while a refund is on its way. */
const REFUND_POLL_MS = 3000;
// The spec's title stays, but the body speaks of the held time (issue 14 item 2): 'session timed
// out' read like being signed out.
const SESSION_EXPIRED_TEXT =
  'The time we held for you was released before the booking was confirmed, so someone else may book it now. Pick a time again to continue.';
const SESSION_EXPIRED_ACTION = 'Pick a time again';

/**
 * /appointments/{id} (route AppointmentConfirmation,
 * docs/product-rules.md#appointment-confirmation): checkout of a held booking, its confirmation,
 * its cancellation, and re-booking after a cancellation when the client asks for it.
 */
export function AppointmentConfirmationPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Back from Stripe (a redirect-based payment): the server checks that payment before answering.
  const sessionId = returnedSessionId(search);
  const [returned] = useState(() => stripeReturn(search));
  const appointment = useQuery({
    ...appointmentQueryOptions(id, { sessionId, include: 'memberships' }),
    refetchInterval: (query) => (refundPending(query.state.data) ? REFUND_POLL_MS : false),
  });
  const signedOut = isApiError(appointment.error, 401);
  const here = location.pathname + location.search;

  // Once answered, the page's address loses Stripe's query: a reload does not bring it back.
  const answered = appointment.isSuccess;
  useEffect(() => {
    if (sessionId && answered) void navigate(location.pathname, { replace: true });
  }, [sessionId, answered, location.pathname, navigate]);

  // Login optional here, but a booking is private: sign in and come back
  // (docs/product-rules.md#appointment-confirmation).
  useEffect(() => {
    if (!signedOut) return;
    rememberRedirectAfterLogin(here);
    void navigate('/login', { replace: true });
  }, [signedOut, here, navigate]);

  if (signedOut) return <ConfirmationSkeleton label={LOADING} />;
  if (isApiError(appointment.error, 404)) return <PageNotFound />;
  return (
    <QueryState
      query={appointment}
      what="this booking"
      loading={<ConfirmationSkeleton label={LOADING} />}
      errorFrame={(error) => <ConfirmationFrame>{error}</ConfirmationFrame>}
    >
      {(data) => <Confirmation appointment={data} receivedAt={appointment.dataUpdatedAt} returned={returned} />}
    </QueryState>
  );
}

function Confirmation({
  appointment,
  receivedAt,
  returned,
}: {
  appointment: Appointment;
  receivedAt: number;
  returned: StripeReturn | null;
}) {
  const checkout = useCheckout(appointment, receivedAt, returned);
  const { view, cancellation } = checkout;
  return (
    <ConfirmationFrame>
      <DocumentTitle title={checkout.heading} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-start lg:gap-10">
        <div className="flex min-w-0 flex-col gap-6">
          <ConfirmationHeader appointment={appointment} checkout={checkout} />
          <ServiceSummary appointment={appointment} />
          <AppointmentDetailsCard appointment={appointment} />
        </div>

        <div className="min-w-0 lg:sticky lg:top-8">
          {view === 'checkout' && <CheckoutCard appointment={appointment} checkout={checkout} />}
          {view === 'confirmed' && <ConfirmedActions appointment={appointment} checkout={checkout} />}
          {(view === 'cancelled' || view === 'pending') && (
            <BookingNotice appointment={appointment} view={view} restartTo={checkout.restartTo} rebook={checkout.rebook} />
          )}
        </div>
      </div>

      <p className="sr-only" role="status">
        {checkout.payment.confirming ? 'Confirming your booking…' : view === 'confirmed' ? 'Booking confirmed' : ''}
      </p>
      <SessionExpiredDialog
        open={checkout.expired}
        restartTo={checkout.restartTo}
        text={SESSION_EXPIRED_TEXT}
        action={SESSION_EXPIRED_ACTION}
      />
      {appointment.can_be_cancelled && (
        <CancelAppointmentDialog
          appointment={appointment}
          open={cancellation.open}
          onOpenChange={cancellation.onOpenChange}
          loading={cancellation.pending}
          onConfirm={cancellation.cancel}
        />
      )}
    </ConfirmationFrame>
  );
}
