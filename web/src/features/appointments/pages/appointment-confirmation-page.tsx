import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CONFIRMATION_SUCCESS_DELAY_MS, ERROR_CODES, type Appointment, type PaymentOption } from '@slotted/contract';
import { DownloadIcon } from '../../../components/ui/booking-icons.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { AlertCircleIcon, CheckIcon, ClockIcon, Logo, Svg } from '../../../components/ui/icons.tsx';
import { Badge, DocumentTitle, EmptyState } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatMoney } from '../../../lib/format.ts';
import { rememberRedirectAfterLogin } from '../../../lib/redirect-after-login.ts';
import { PageNotFound } from '../../not-found/pages/not-found-page.tsx';
import { chooseTimePath } from '../../profile/components/service-format.ts';
import { refreshBookingLists, useCancelAppointment } from '../api/cancel-appointment.ts';
import { useConfirmWithoutPayment } from '../api/confirm-without-payment.ts';
import { useDeductMembership } from '../api/deduct-membership.ts';
import { appointmentQueryKey, useAppointment } from '../api/get-appointment.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { AppointmentDetailsCard, ServiceSummary } from '../components/appointment-details.tsx';
import { CancelAppointmentDialog } from '../components/cancel-appointment-dialog.tsx';
import { CARD_PAYMENTS_UNAVAILABLE, PaymentErrorPanel, PaymentOptions } from '../components/payment-options.tsx';
import { SessionExpiredDialog } from '../components/session-expired-dialog.tsx';
import { TermsLink } from '../components/terms-link.tsx';
import { downloadAppointmentCalendar } from '../lib/calendar.ts';
import { defaultPaymentOption, offeredOptions, paymentBadge, usableMemberships } from '../lib/payment-options.ts';
import { formatCountdown, useSecondsLeft } from '../lib/use-seconds-left.ts';

export const CONFIRM_FAILED = { title: 'Ooops!', description: 'Something went wrong. Please wait a minute and try again' };
export const CANCEL_FAILED = { title: 'Oops!', description: 'Something went wrong, please try again in a minute.' };

/**
 * /appointments/{id} (route AppointmentConfirmation, spec §2 Appointment confirmation): checkout of
 * a held booking, its confirmation, and re-booking after a cancellation.
 */
export function AppointmentConfirmationPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const appointment = useAppointment(id, search.get('session_id'));
  const signedOut = isApiError(appointment.error, 401);
  const here = location.pathname + location.search;

  // Login optional here (spec §2), but a booking is private: sign in and come back.
  useEffect(() => {
    if (!signedOut) return;
    rememberRedirectAfterLogin(here);
    void navigate('/login', { replace: true });
  }, [signedOut, here, navigate]);

  if (appointment.isPending || signedOut) return <ConfirmationSkeleton />;
  if (appointment.isError) {
    if (isApiError(appointment.error, 404)) return <PageNotFound />;
    return (
      <Frame>
        <EmptyState
          title="We could not load this booking"
          description="Please check your connection and try again."
          action={
            <Button theme="white" onClick={() => void appointment.refetch()} loading={appointment.isFetching}>
              Try again
            </Button>
          }
        />
      </Frame>
    );
  }
  return <Confirmation appointment={appointment.data} receivedAt={appointment.dataUpdatedAt} />;
}

type View = 'checkout' | 'confirmed' | 'cancelled' | 'pending';

/** Which screen a booking shows to its viewer. */
export function confirmationView(appointment: Appointment, startsInFuture: boolean): View {
  if (appointment.status === 'confirmed') return 'confirmed';
  if (!appointment.is_mine) return appointment.status === 'cancelled' ? 'cancelled' : 'pending';
  if (appointment.status === 'cancelled') return startsInFuture ? 'checkout' : 'cancelled';
  return 'checkout';
}

/** Spec §2 headings: 'Checkout', 'Booking confirmed', 'Re-booking' (confirmed, then cancelled). */
export function confirmationHeading(appointment: Appointment, view: View): string {
  if (view === 'confirmed') return 'Booking confirmed';
  if (view === 'cancelled') return 'Booking cancelled';
  if (view === 'pending') return appointment.status === 'expired' ? 'Not confirmed' : 'Awaiting confirmation';
  return appointment.status === 'cancelled' ? 'Re-booking' : 'Checkout';
}

function Confirmation({ appointment, receivedAt }: { appointment: Appointment; receivedAt: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { toast } = useToast();
  const confirmFree = useConfirmWithoutPayment();
  const deduct = useDeductMembership();
  const checkout = useStartCheckout();
  const cancel = useCancelAppointment();

  const [chosenOption, setChosenOption] = useState<PaymentOption | null>(null);
  const [chosenMembership, setChosenMembership] = useState<string | null>(null);
  // From the click until the answer is on screen (the answer waits a second, spec §4).
  const [confirming, setConfirming] = useState(false);
  const [expiredByServer, setExpiredByServer] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const swapTimer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = swapTimer;
    return () => window.clearTimeout(timer.current);
  }, []);

  const held = appointment.status === 'held';
  const holdSecondsLeft = useSecondsLeft(
    held && appointment.expires_in_seconds !== null ? receivedAt + appointment.expires_in_seconds * 1000 : null,
  );
  const secondsToStart = useSecondsLeft(appointment.status === 'cancelled' ? Date.parse(appointment.starts_at) : null);
  const view = confirmationView(appointment, secondsToStart === null || secondsToStart > 0);
  const heading = confirmationHeading(appointment, view);
  const expired =
    appointment.is_mine &&
    !confirming &&
    (appointment.status === 'expired' || expiredByServer || (held && holdSecondsLeft === 0));

  const options = offeredOptions(appointment);
  const option = chosenOption && options.includes(chosenOption) ? chosenOption : defaultPaymentOption(options);
  const memberships = usableMemberships(appointment.service.memberships);
  const membershipId =
    chosenMembership && memberships.some((m) => String(m.id) === chosenMembership)
      ? chosenMembership
      : memberships[0]
        ? String(memberships[0].id)
        : null;
  const username = appointment.provider.username;
  const restartTo = username ? chooseTimePath(username, appointment.service.id) : '/';

  const toLogin = () => {
    rememberRedirectAfterLogin(location.pathname + location.search);
    void navigate('/login', { replace: true });
  };

  const showAnswer = (next: Appointment) => {
    swapTimer.current = window.setTimeout(() => {
      queryClient.setQueryData(appointmentQueryKey(appointment.id), next);
      setConfirming(false);
      // The Confirm button goes away with the checkout: the heading ('Booking confirmed') takes the focus.
      headingRef.current?.focus();
      void refreshBookingLists(queryClient);
    }, CONFIRMATION_SUCCESS_DELAY_MS);
  };

  const confirmFailed = (error: Error) => {
    setConfirming(false);
    if (isApiError(error, 401)) return toLogin();
    if (isApiError(error, 409) && error.code === ERROR_CODES.holdExpired) {
      setExpiredByServer(true);
      return;
    }
    if (isApiError(error, 409) || isApiError(error, 403)) {
      // The time was taken meanwhile, or the provider now asks for payment: say so, show what is left.
      toast({ title: CONFIRM_FAILED.title, description: error.message, theme: 'error' });
      void queryClient.invalidateQueries({ queryKey: appointmentQueryKey(appointment.id) });
      return;
    }
    toast({ ...CONFIRM_FAILED, theme: 'error' });
  };

  const onConfirm = () => {
    if (!option || confirming) return;
    setPayError(null);
    if (option === 'pay_now') {
      checkout.mutate(appointment.id, {
        // The embedded card element is not part of this installation yet (D11).
        onSuccess: () => setPayError(`${CARD_PAYMENTS_UNAVAILABLE}. Please choose another way to pay.`),
        onError: (error) => {
          if (isApiError(error, 401)) return toLogin();
          setPayError(
            isApiError(error, 404) || isApiError(error, 501)
              ? `${CARD_PAYMENTS_UNAVAILABLE}. Please choose another way to pay.`
              : error.message,
          );
        },
      });
      return;
    }
    setConfirming(true);
    if (option === 'membership') {
      if (!membershipId) return setConfirming(false);
      deduct.mutate({ id: appointment.id, membershipId }, { onSuccess: showAnswer, onError: confirmFailed });
    } else {
      confirmFree.mutate(appointment.id, { onSuccess: showAnswer, onError: confirmFailed });
    }
  };

  const onCancel = () => {
    cancel.mutate(appointment.id, {
      onSuccess: () => {
        setCancelOpen(false);
        toast({ title: 'Appointment cancelled.' });
        // The Cancel button is gone with the booking: start again from the page's heading.
        window.setTimeout(() => headingRef.current?.focus(), 0);
      },
      onError: (error) => {
        setCancelOpen(false);
        window.setTimeout(() => cancelButton.current?.focus(), 0);
        if (isApiError(error, 401)) return toLogin();
        if (isApiError(error, 409)) {
          toast({ title: CANCEL_FAILED.title, description: error.message, theme: 'error' });
          void queryClient.invalidateQueries({ queryKey: appointmentQueryKey(appointment.id) });
          return;
        }
        toast({ ...CANCEL_FAILED, theme: 'error' });
      },
    });
  };

  return (
    <Frame>
      <DocumentTitle title={heading} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-start lg:gap-10">
        <div className="flex min-w-0 flex-col gap-6">
          <div>
            <h1 ref={headingRef} tabIndex={-1} className="flex items-center gap-3 text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl outline-none">
              {view === 'confirmed' && (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 sm:size-10">
                  <CheckIcon className="size-5 sm:size-6" strokeWidth={2.4} />
                </span>
              )}
              {heading}
            </h1>
            {view === 'confirmed' && appointment.is_mine && (
              <p className="mt-2 text-sm text-zinc-600">We have sent the details to {appointment.client.email}.</p>
            )}
            {view === 'checkout' && held && holdSecondsLeft !== null && holdSecondsLeft > 0 && (
              <HoldCountdown seconds={holdSecondsLeft} />
            )}
            {view === 'checkout' && appointment.status === 'cancelled' && (
              <p className="mt-2 text-sm text-zinc-600">This booking was cancelled. Confirm to book the same time again.</p>
            )}
          </div>
          <ServiceSummary appointment={appointment} />
          <AppointmentDetailsCard appointment={appointment} />
        </div>

        <div className="min-w-0 lg:sticky lg:top-8">
          {view === 'checkout' && (
            <section aria-labelledby="payment-heading" className={cardClasses}>
              <h2 id="payment-heading" className="mb-4 text-base font-semibold text-zinc-900">
                Payment
              </h2>
              {expired ? (
                <p className="text-sm text-zinc-600">Your hold on this time has expired.</p>
              ) : option ? (
                <PaymentOptions
                  options={options}
                  value={option}
                  onValueChange={(next) => {
                    setChosenOption(next);
                    setPayError(null);
                  }}
                  providerName={appointment.provider.name}
                  memberships={memberships}
                  membershipId={membershipId}
                  onMembershipChange={setChosenMembership}
                />
              ) : (
                <NoPaymentOption appointment={appointment} />
              )}
              <div className="mt-5 flex items-center justify-between gap-3 border-t border-zinc-100 pt-4">
                <span className="text-sm font-medium text-zinc-900">Total</span>
                <span className="flex items-center gap-2">
                  {!expired && option === 'rebook' && <Badge tone="success">Paid</Badge>}
                  {!expired && option === 'membership' && <Badge tone="brand">Included in membership</Badge>}
                  <span className="text-lg font-semibold tabular-nums text-zinc-900">{formatMoney(appointment.price)}</span>
                </span>
              </div>
              {option && !expired && (
                <Button
                  size="l"
                  fullWidth
                  className="mt-4"
                  loading={confirming || checkout.isPending}
                  disabled={option === 'membership' && !membershipId}
                  onClick={onConfirm}
                >
                  {option === 'pay_now' ? `Pay ${formatMoney(appointment.price)}` : 'Confirm'}
                </Button>
              )}
              {payError && option === 'pay_now' && (
                <div className="mt-4">
                  <PaymentErrorPanel message={payError} />
                </div>
              )}
              <p className="mt-4 flex flex-wrap items-center justify-center gap-x-1.5 gap-y-1 text-center text-xs text-zinc-500">
                <LockIcon className="size-3.5 shrink-0" />
                <span>Payments are secure and encrypted</span>
                <TermsLink html={appointment.provider.policy.terms_of_service} providerName={appointment.provider.name} />
              </p>
            </section>
          )}

          {view === 'confirmed' && (
            <div className="flex flex-col gap-4">
              <section aria-label="Payment" className={cardClasses}>
                <div className="flex items-center justify-between gap-3">
                  <span className="text-sm font-medium text-zinc-900">Total</span>
                  <span className="flex items-center gap-2">
                    <Badge tone={paymentBadge(appointment).tone}>{paymentBadge(appointment).label}</Badge>
                    <span className="text-lg font-semibold tabular-nums text-zinc-900">{formatMoney(appointment.price)}</span>
                  </span>
                </div>
              </section>
              <div className="flex flex-col-reverse gap-2 sm:grid sm:grid-cols-2">
                <Link to="/" className={buttonClasses({ size: 'l', theme: 'white' })}>
                  My schedule
                </Link>
                <Button
                  size="l"
                  leadingIcon={<DownloadIcon className="size-4" />}
                  onClick={() => downloadAppointmentCalendar(appointment)}
                >
                  Add to calendar
                </Button>
              </div>
              {appointment.can_be_cancelled && (
                <button
                  ref={cancelButton}
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => setCancelOpen(true)}
                  className="h-10 self-center rounded-lg px-4 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500"
                >
                  Cancel booking
                </button>
              )}
            </div>
          )}

          {view === 'cancelled' && (
            <Notice tone="danger" title="This booking was cancelled">
              {appointment.is_mine ? (
                <>
                  <p>Its time has passed, so it can no longer be re-booked.</p>
                  <Link to={restartTo} className={buttonClasses({ theme: 'white', className: 'mt-4' })}>
                    Book again
                  </Link>
                </>
              ) : (
                <p>The time is free again for other clients.</p>
              )}
            </Notice>
          )}

          {view === 'pending' && (
            <Notice title={appointment.status === 'expired' ? 'Not confirmed in time' : 'Not confirmed yet'}>
              <p>
                {appointment.status === 'expired'
                  ? `${appointment.client.name} did not confirm this booking in time, so the time is free again.`
                  : `${appointment.client.name} is still checking out. The time is held for them for a few minutes.`}
              </p>
            </Notice>
          )}
        </div>
      </div>

      <p className="sr-only" role="status">
        {confirming ? 'Confirming your booking…' : view === 'confirmed' ? 'Booking confirmed' : ''}
      </p>
      <SessionExpiredDialog open={expired} restartTo={restartTo} />
      {appointment.can_be_cancelled && (
        <CancelAppointmentDialog
          appointment={appointment}
          open={cancelOpen}
          onOpenChange={(open) => {
            setCancelOpen(open);
            if (!open) window.setTimeout(() => cancelButton.current?.focus(), 0);
          }}
          loading={cancel.isPending}
          onConfirm={onCancel}
        />
      )}
    </Frame>
  );
}

const cardClasses = 'rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm shadow-zinc-900/5 sm:p-6';

/** The page without the app's sidebar (spec §2: no sidebar): the logo home, and the content. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-zinc-50">
      <header className="border-b border-zinc-200/80 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center px-4 sm:h-16 sm:px-6 lg:px-10">
          <Link to="/" className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label="Slotted, home">
            <Logo className="text-base" />
          </Link>
        </div>
      </header>
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-12">{children}</div>
    </div>
  );
}

/** The hold's time left (D4), as mm:ss. */
function HoldCountdown({ seconds }: { seconds: number }) {
  const urgent = seconds <= 60;
  return (
    <p
      className={cn(
        'mt-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm ring-1 ring-inset',
        urgent ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-brand-50 text-brand-900 ring-brand-100',
      )}
    >
      <ClockIcon className={cn('size-4 shrink-0', urgent ? 'text-amber-600' : 'text-brand-600')} />
      <span>
        Time left to confirm{' '}
        <span role="timer" aria-label={`${Math.ceil(seconds / 60)} minutes left`} className="font-semibold tabular-nums">
          {formatCountdown(seconds)}
        </span>
      </span>
    </p>
  );
}

/** Nothing the client can pay with here (e.g. the provider asks for card payment, which is not set up yet). */
function NoPaymentOption({ appointment }: { appointment: Appointment }) {
  const { provider } = appointment;
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <span>
        {provider.name} asks for payment when you book, and card payments are not available yet. Please get in touch at{' '}
        <a href={`mailto:${provider.email}`} className="font-medium underline underline-offset-2">
          {provider.email}
        </a>{' '}
        to book.
      </span>
    </p>
  );
}

function Notice({ title, tone = 'neutral', children }: { title: string; tone?: 'neutral' | 'danger'; children: ReactNode }) {
  return (
    <section className={cn(cardClasses, tone === 'danger' && 'border-red-200')}>
      <h2 className={cn('text-base font-semibold', tone === 'danger' ? 'text-red-800' : 'text-zinc-900')}>{title}</h2>
      <div className="mt-1.5 text-sm text-zinc-600">{children}</div>
    </section>
  );
}

function LockIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2.5" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </Svg>
  );
}

function ConfirmationSkeleton() {
  return (
    <Frame>
      <div aria-busy="true" aria-label="Loading your booking" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:gap-10">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-9 w-48" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-6 w-64 max-w-full" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-44 rounded-2xl" />
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </Frame>
  );
}
