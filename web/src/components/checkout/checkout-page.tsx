import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { PageNotFound } from '../not-found-page.tsx';
import { DocumentTitle } from '../ui/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useSignInAndReturn } from '../../lib/use-sign-in-and-return.ts';
import { ConfirmationFrame, ConfirmationSkeleton } from './checkout-frame.tsx';
import { returnedSessionId, stripeReturn, type StripeReturn } from './use-card-payment.ts';

/**
 * A checkout page, /appointments/{id} or /memberships/{id} (docs/product-rules.md#appointment-confirmation,
 * #memberships-and-credits): reads the record named in the address, passing on Stripe's return
 * (`session_id`, or `payment_intent` after a redirect) so the server checks that payment first, and
 * drops that query from the address once answered. Login is optional on these routes, but the
 * record is private: a 401 signs in and comes back; 404 (or `notFound`) is Page not found.
 */
export function CheckoutPage<T, K extends QueryKey>({
  query,
  loading,
  what,
  notFound = (error) => isApiError(error, 'not_found'),
  children,
}: {
  /** The record's query, for its id and the payment session to check. */
  query: (id: string, sessionId: string | null) => UseQueryOptions<T, Error, T, K>;
  /** What is loading, e.g. 'Loading your booking'. */
  loading: string;
  /** What a failure could not load, e.g. 'this booking'. */
  what: string;
  notFound?: (error: Error | null) => boolean;
  children: (data: T, receivedAt: number, returned: StripeReturn | null) => ReactNode;
}) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const sessionId = returnedSessionId(search);
  const [returned] = useState(() => stripeReturn(search));
  const record = useQuery(query(id, sessionId));
  const signedOut = isApiError(record.error, 'unauthenticated');
  useSignInAndReturn(signedOut);

  // Once answered, the page's address loses Stripe's query: a reload does not bring it back.
  const answered = record.isSuccess;
  useEffect(() => {
    if (sessionId && answered) void navigate(location.pathname, { replace: true });
  }, [sessionId, answered, location.pathname, navigate]);

  if (signedOut) return <ConfirmationSkeleton label={loading} />;
  if (notFound(record.error)) return <PageNotFound />;
  return (
    <QueryState
      query={record}
      what={what}
      loading={<ConfirmationSkeleton label={loading} />}
      errorFrame={(error) => <ConfirmationFrame>{error}</ConfirmationFrame>}
    >
      {(data) => children(data, record.dataUpdatedAt, returned)}
    </QueryState>
  );
}

/**
 * A checkout page's layout: its title, what is bought (`main`) beside the Payment card or what
 * follows confirmation (`aside`), a status for screen readers, and the page's dialogs (`children`).
 */
export function CheckoutLayout({
  title,
  main,
  aside,
  status,
  children,
}: {
  title: string;
  main: ReactNode;
  aside: ReactNode;
  status: string;
  children?: ReactNode;
}) {
  return (
    <ConfirmationFrame>
      <DocumentTitle title={title} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-start lg:gap-10">
        <div className="flex min-w-0 flex-col gap-6">{main}</div>
        <div className="min-w-0 lg:sticky lg:top-8">{aside}</div>
      </div>
      <p className="sr-only" role="status">
        {status}
      </p>
      {children}
    </ConfirmationFrame>
  );
}
