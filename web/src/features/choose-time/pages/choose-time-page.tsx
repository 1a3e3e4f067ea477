import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DATE_PATTERN, TIME_PATTERN, type Appointment, type Service } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowLeftIcon, CalendarIcon, CircleExclamationPointIcon, GlobeIcon } from 'lucide-react';
import { DocumentTitle, EmptyState } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import {
  browserTimeZone,
  formatLongDate,
  formatShortDate,
  formatTimeRange,
  formatWeekday,
  otherReadings,
  timesInZone,
} from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useFocusAcrossPaths } from '../../../lib/use-focus-across-paths.ts';
import { useResumeOnce } from '../../../lib/use-resume-once.ts';
import { useSignInAndReturn } from '../../../lib/use-sign-in-and-return.ts';
import { NotFoundPage, PageNotFound } from '../../../components/not-found-page.tsx';
import { chooseTimePath } from '../../../lib/service-format.ts';
import { appointmentQueryOptions } from '../../../lib/appointments/get-appointment.ts';
import { MOVE_PARAM } from '../../../lib/appointments/change-time.ts';
import { useRescheduleAppointment } from '../api/reschedule-appointment.ts';
import { useCreateAppointment, type CreateAppointmentInput } from '../api/create-appointment.ts';
import { useServiceSlots, type BookableSlot, type SlotDay } from '../api/get-service-slots.ts';
import { DayStrip, freeCount } from '../components/day-strip.tsx';
import { ServiceHeader } from '../components/service-header.tsx';
import { TimeGrid } from '../components/time-grid.tsx';
import { FullClasses, hasWaitlist } from '../components/full-classes.tsx';

export const SLOT_GONE_MESSAGE = 'This slot is no longer available. Please select another one.';
export const MOVE_SLOT_GONE_MESSAGE = 'That time was just taken. Please pick another one.';

/** When the chosen day is this close to the last day loaded, the next weeks are loaded. */
const LOAD_MORE_WITHIN_DAYS = 3;

/**
 * /{username}/{serviceId}/{date?}/{time?} (route ChooseTime, docs/product-rules.md#choose-time).
 * Any other shape of path under a username (e.g. /no/such/page) is the catch-all's.
 */
export function ChooseTimePage() {
  const { username = '', serviceId = '', date, time } = useParams();
  const valid =
    /^\d{1,12}$/.test(serviceId) && (date === undefined || DATE_PATTERN.test(date)) && (time === undefined || TIME_PATTERN.test(time));
  if (!valid) return <NotFoundPage />;
  return <ChooseTime username={username} serviceId={serviceId} date={date ?? null} time={time ?? null} />;
}

/** Moving a booking to this slot: a class moves to the occurrence, a 1:1 to the start instant. */
export function moveRequest(service: Service, slot: BookableSlot): { slot_id: number | string } | { starts_at: string } {
  if (service.type === 'class') return { slot_id: /^\d+$/.test(slot.id) ? Number(slot.id) : slot.id };
  return { starts_at: slot.starts_at };
}

/** 'Wed 25 Nov, 18:00' for the move question and its answer. */
function slotLabel(day: SlotDay, slot: BookableSlot): string {
  return `${day.weekday} ${day.day} ${day.month}, ${slot.time}`;
}

/**
 * A slot's booking request: a class books its occurrence, an appointment its start instant
 * (docs/product-rules.md#time-and-time-zones).
 */
export function bookingRequest(service: Service, slot: BookableSlot): CreateAppointmentInput {
  const base = { service_id: service.id, date: slot.date, time: slot.time };
  if (service.type === 'class') return { ...base, slot_id: /^\d+$/.test(slot.id) ? Number(slot.id) : slot.id };
  return { ...base, starts_at: slot.starts_at };
}

function ChooseTime({
  username,
  serviceId,
  date,
  time,
}: {
  username: string;
  serviceId: string;
  date: string | null;
  time: string | null;
}) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { data: me } = useMe();
  const [timezone] = useState(browserTimeZone);
  const slots = useServiceSlots(serviceId, timezone);
  const book = useCreateAppointment();
  // Choosing a day or a time changes the path: the chosen control keeps focus across it.
  const go = useFocusAcrossPaths();
  const signIn = useSignInAndReturn();
  // Move mode (docs/product-rules.md#choose-time): ?move={booking id} marks its current time and
  // moves it to the one chosen.
  const [search] = useSearchParams();
  const moveId = search.get(MOVE_PARAM);
  const moving = useQuery({ ...appointmentQueryOptions(moveId ?? ''), enabled: Boolean(moveId), refetchOnWindowFocus: false });
  const reschedule = useRescheduleAppointment();

  const service = slots.data?.meta.service;
  const providerUsername = service?.provider.username ?? null;

  // The free times arrive a few weeks at a time. More are loaded while no free day has turned up
  // yet, while a shared link's day lies further ahead, and as the visitor nears the last day loaded.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = slots;
  const canLoadMore = hasNextPage && !slots.isFetching && !isFetchNextPageError;
  const loadMore = useCallback(() => {
    // Several triggers may fire in one render: a call while the next window is on its way is ignored.
    if (canLoadMore) void fetchNextPage({ cancelRefetch: false });
  }, [canLoadMore, fetchNextPage]);
  const loadedDays = slots.data?.data ?? [];
  const loadedUntil = slots.data?.loadedUntil ?? null;
  const anyFree = firstFreeIndex(loadedDays) !== -1;
  const dateAhead = Boolean(date && loadedUntil && date >= loadedUntil);
  const requestedIndex = date ? loadedDays.findIndex((d) => d.date === date) : -1;
  const shownIndex = requestedIndex !== -1 ? requestedIndex : Math.max(0, firstFreeIndex(loadedDays));
  const nearEnd = loadedDays.length > 0 && shownIndex >= loadedDays.length - LOAD_MORE_WITHIN_DAYS;
  const lookingAhead = slots.isSuccess && hasNextPage && !isFetchNextPageError && (!anyFree || dateAhead);
  useEffect(() => {
    if (lookingAhead || nearEnd) loadMore();
  }, [lookingAhead, nearEnd, loadMore]);

  // A link with the wrong username for this service goes to the right one, keeping day and time.
  useEffect(() => {
    if (providerUsername && providerUsername.toLowerCase() !== username.toLowerCase()) {
      void navigate(chooseTimePath(providerUsername, serviceId, date, time), { replace: true });
    }
  }, [providerUsername, username, serviceId, date, time, navigate]);

  // A failure to load more counts when what was loaded cannot be shown yet: no free day, or not
  // yet the day of a shared link. Then, as before anything was loaded, the page says so.
  const failed = slots.isError && (!slots.data || ((!anyFree || dateAhead) && isFetchNextPageError));
  if (failed && isApiError(slots.error, 'not_found')) return <PageNotFound />;
  const shown = {
    isPending: slots.isPending || lookingAhead,
    isError: slots.isError,
    isFetching: slots.isFetching,
    data: failed || lookingAhead ? undefined : slots.data,
    refetch: slots.refetch,
  };

  return (
    <QueryState
      query={shown}
      what="the free times"
      loading={<ChooseTimeSkeleton />}
      errorFrame={(error) => <div className="mx-auto max-w-md px-4 py-16">{error}</div>}
    >
      {({ data: days, meta }) => {
        const moveQuery = moveId ? `?${MOVE_PARAM}=${encodeURIComponent(moveId)}` : '';
        const path = (d?: string | null, t?: string | null) => chooseTimePath(username, serviceId, d, t) + moveQuery;
        const moved: Appointment | undefined = moveId ? moving.data : undefined;
        const isCurrent = moved ? (s: BookableSlot) => Date.parse(s.starts_at) === Date.parse(moved.starts_at) : undefined;

        const requestedDay = date ? days.find((d) => d.date === date) : undefined;
        // Moving, the page opens on the booking's own day (its time marked), else on the first free day.
        const currentDay = isCurrent ? days.find((d) => d.slots.some(isCurrent)) : undefined;
        const day: SlotDay | undefined = requestedDay ?? currentDay ?? days[firstFreeIndex(days)] ?? days[0];
        const selectedSlot = day && time ? (day.slots.find((s) => s.time === time && s.available && !isCurrent?.(s)) ?? null) : null;
        const missingDay = Boolean(date) && !requestedDay;
        const missingTime = Boolean(time) && Boolean(requestedDay) && !selectedSlot;

        const mayMove = Boolean(moved) && moved?.can_be_moved !== false;
        const onMove = () => {
          if (!selectedSlot || !day || !moved) return;
          const to = slotLabel(day, selectedSlot);
          reschedule.mutate(
            { id: moved.id, to: moveRequest(meta.service, selectedSlot) },
            {
              onSuccess: (appointment) => {
                toast({ title: 'Booking moved', description: `${meta.service.name} is now on ${to}.` });
                // The client sees their booking at its new time; the provider goes back to the schedule.
                void navigate(me && appointment.client.id === me.id ? `/appointments/${appointment.id}` : '/schedule');
              },
              onError: (error) => {
                if (isApiError(error, 'unauthenticated')) return signIn(path(day.date, selectedSlot.time));
                if (isApiError(error, 'slot_taken')) {
                  toast({ title: 'Oops!', description: MOVE_SLOT_GONE_MESSAGE, theme: 'error' });
                  go(path(day.date));
                  void slots.refetch();
                  return;
                }
                // conflict (e.g. too late for the client) and membership_unusable: the server says why.
                toast({ title: 'Not moved', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
              },
            },
          );
        };

        const onBook = () => {
          if (!selectedSlot || !day) return;
          const here = path(day.date, selectedSlot.time);
          // Back here after signing in, the page books the chosen time by itself (ResumeBooking).
          const toLogin = () => signIn(`${here}?${RESUME_PARAM}=1`);
          if (!me) return toLogin();
          book.mutate(bookingRequest(meta.service, selectedSlot), {
            onSuccess: (appointment) => void navigate(`/appointments/${appointment.id}`),
            onError: (error) => {
              if (isApiError(error, 'unauthenticated')) return toLogin();
              if (isApiError(error, 'slot_taken')) {
                toast({ title: 'Oops!', description: SLOT_GONE_MESSAGE, theme: 'error' });
                go(path(day.date));
                void slots.refetch();
                return;
              }
              toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
            },
          });
        };

        return (
          <div className="mx-auto w-full max-w-5xl px-4 pt-4 pb-6 sm:px-6 sm:pt-6 lg:px-10 lg:pt-8">
            <DocumentTitle title={moveId ? `Move ${meta.service.name}` : `Book ${meta.service.name}`} />
            <Link
              to={`/${encodeURIComponent(username)}`}
              className="-ml-2 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-zinc-600 outline-none hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <ArrowLeftIcon className="size-4" />
              All services
            </Link>
            <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start lg:gap-8">
              <div className="lg:sticky lg:top-6">
                <ServiceHeader service={meta.service} username={username} />
              </div>

              <section aria-labelledby="choose-time-heading" className="min-w-0">
                <h2 id="choose-time-heading" className="text-lg font-semibold text-zinc-900">
                  {moveId ? 'Choose a new time' : 'Choose a time'}
                </h2>
                {moveId && <MoveNotice query={moving} clientIsMe={Boolean(me && moved && moved.client.id === me.id)} />}

                {days.length === 0 ? (
                  <div className="mt-4">
                    <EmptyState
                      icon={<CalendarIcon className="size-6" />}
                      title={`No free times in the next ${meta.max_days_before_booking} days`}
                      description="Please check again later, or get in touch with the provider."
                      action={
                        <Link to={`/${encodeURIComponent(username)}`} className="text-sm font-medium text-brand-700 hover:underline">
                          See other services
                        </Link>
                      }
                    />
                  </div>
                ) : (
                  <>
                    {meta.service.is_mine && !moveId && (
                      <Notice tone="info">This is your own service: you see it as your clients do.</Notice>
                    )}
                    {(missingDay || missingTime || !anyFree) && (
                      <Notice>
                        {!anyFree
                          ? days.some((d) => d.slots.some(hasWaitlist))
                            ? `No free times in the next ${meta.max_days_before_booking} days; full classes take a waitlist.`
                            : `No free times in the next ${meta.max_days_before_booking} days.`
                          : missingDay
                            ? `${formatLongDate(date ?? '')} has no times any more. Please choose another day.`
                            : `${time} is no longer available. Please select another time.`}
                      </Notice>
                    )}
                    <div className="mt-2">
                      <DayStrip
                        days={days}
                        kind={meta.service.type}
                        selected={day?.date ?? null}
                        onSelect={(d) => go(path(d))}
                        onNearEnd={loadMore}
                        loadingMore={isFetchingNextPage}
                        isCurrent={isCurrent}
                        aside={
                          <p className="flex items-center gap-1.5 text-xs text-zinc-500">
                            <GlobeIcon className="size-3.5 shrink-0" />
                            <span className="truncate">{timesInZone(meta.timezone || timezone)}</span>
                          </p>
                        }
                      />
                    </div>
                    {day && (
                      <div className="mt-5 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs sm:p-5">
                        <h3 className="mb-3 text-sm font-semibold text-zinc-900">{formatLongDate(day.date)}</h3>
                        <TimeGrid
                          slots={day.slots}
                          selected={selectedSlot}
                          label={`Times on ${formatLongDate(day.date)}`}
                          onToggle={(slot) => go(selectedSlot?.id === slot.id ? path(day.date) : path(day.date, slot.time))}
                          isCurrent={isCurrent}
                        />
                        {!meta.service.is_mine && (
                          <FullClasses slots={day.slots} signedIn={Boolean(me)} onSignIn={() => signIn(path(day.date))} />
                        )}
                      </div>
                    )}
                  </>
                )}
                {!moveId && (
                  <ResumeBooking
                    signedIn={me === undefined ? undefined : Boolean(me)}
                    canBook={Boolean(selectedSlot) && !meta.service.is_mine}
                    book={onBook}
                  />
                )}
                {days.length > 0 && (
                  <div className="sticky bottom-0 z-20 -mx-4 mt-6 border-t border-zinc-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md sm:mx-0 sm:rounded-2xl sm:border sm:px-5 sm:pb-3 sm:shadow-lg sm:shadow-zinc-900/5 sm:bottom-4">
                    <div className="flex items-center gap-4">
                      <div className="min-w-0 flex-1" aria-live="polite">
                        {moveId ? (
                          selectedSlot && day ? (
                            <>
                              {/* The question is the point: it wraps on a phone rather than being cut. */}
                              <p className="text-sm font-semibold text-zinc-900">Move to {slotLabel(day, selectedSlot)}?</p>
                              <p className="truncate text-xs text-zinc-500">
                                {moved
                                  ? `Now ${formatWeekday(moved.date).slice(0, 3)} ${formatShortDate(moved.date)}, ${moved.time}`
                                  : meta.service.name}
                              </p>
                            </>
                          ) : (
                            <p className="text-sm text-zinc-500">Choose a new time</p>
                          )
                        ) : selectedSlot && day ? (
                          <>
                            <p className="truncate text-sm font-semibold text-zinc-900">
                              {day.weekday} {day.day} {day.month}
                              <span className="font-normal text-zinc-400"> · </span>
                              <span className="tabular-nums">{formatTimeRange(selectedSlot.time, selectedSlot.until)}</span>
                            </p>
                            <p className="truncate text-xs text-zinc-500">{meta.service.name}</p>
                            {/* A visitor elsewhere also reads the studio's time (decision 0004); it wraps rather than lose its zone. */}
                            {otherReadings(
                              { ...selectedSlot, timezone: meta.timezone || timezone },
                              meta.service.provider.timezone,
                              meta.timezone || timezone,
                            ).map((line) => (
                              <p key={line} className="text-xs tabular-nums text-zinc-500">
                                {line}
                              </p>
                            ))}
                          </>
                        ) : (
                          <p className="text-sm text-zinc-500">Choose a time to continue</p>
                        )}
                      </div>
                      {moveId ? (
                        <Button
                          size="l"
                          className="min-w-28"
                          disabled={!selectedSlot || !mayMove}
                          loading={reschedule.isPending}
                          onClick={onMove}
                        >
                          Move
                        </Button>
                      ) : (
                        <Button
                          size="l"
                          className="min-w-28"
                          disabled={!selectedSlot || meta.service.is_mine}
                          loading={book.isPending}
                          onClick={onBook}
                        >
                          Book
                        </Button>
                      )}
                    </div>
                  </div>
                )}
              </section>
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}

/** The query flag of a choose-time address a visitor was sent to sign in from, by pressing Book. */
const RESUME_PARAM = 'book';

/**
 * Signing in mid-booking keeps the intent (issue 14 item 5): back on the chosen time with
 * `?book=1`, the page books it once, as if Book were pressed again. The flag is dropped from the
 * address first, so a reload or going back never books a second time (and the server answers a
 * repeated hold with the same booking anyway). A time taken meanwhile shows the page's usual notice.
 */
function ResumeBooking({ signedIn, canBook, book }: { signedIn: boolean | undefined; canBook: boolean; book: () => void }) {
  const [search] = useSearchParams();
  const asked = search.get(RESUME_PARAM) === '1';
  // Once it is known who is here: book if signed in and the time is still free; drop the flag either way.
  useResumeOnce(RESUME_PARAM, asked && signedIn !== undefined ? () => void (signedIn && canBook && book()) : null);
  return asked && signedIn && canBook ? (
    <p role="status" className="sr-only">
      Booking the time you chose…
    </p>
  ) : null;
}

/**
 * Move mode's notice: which booking is moving and from when, or why it cannot move (the server's
 * reason), or that it cannot be found.
 */
function MoveNotice({ query, clientIsMe }: { query: { isPending: boolean; data?: Appointment; isError: boolean }; clientIsMe: boolean }) {
  if (query.isPending) return null;
  const appointment = query.data;
  if (!appointment) return <Notice>This booking could not be found, so it cannot be moved from here.</Notice>;
  if (!appointment.can_be_moved) return <Notice>{appointment.move_refusal ?? 'This booking can no longer be moved.'}</Notice>;
  const whose = clientIsMe ? 'your booking' : `${appointment.client.name}’s booking`;
  return (
    <Notice tone="info">
      Moving {whose} of {appointment.pretty_date}, {appointment.time}. Its time is marked “Current time”; choose another one.
    </Notice>
  );
}

/** The first day with a free time, or -1. */
function firstFreeIndex(days: SlotDay[]): number {
  return days.findIndex((d) => freeCount(d) > 0);
}

function Notice({ children, tone = 'warning' }: { children: ReactNode; tone?: 'warning' | 'info' }) {
  return (
    <p
      role="status"
      className={cn(
        'mt-4 flex items-start gap-2 rounded-xl border px-3 py-2.5 text-sm',
        tone === 'warning' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-brand-100 bg-brand-50 text-brand-900',
      )}
    >
      <CircleExclamationPointIcon className={cn('mt-0.5 size-4 shrink-0', tone === 'warning' ? 'text-amber-600' : 'text-brand-600')} />
      {children}
    </p>
  );
}

function ChooseTimeSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-10 lg:pt-8" aria-busy="true" aria-label="Loading free times">
      <Skeleton className="h-7 w-28" />
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-8">
        <Skeleton className="h-56 rounded-2xl" />
        <div className="min-w-0">
          <Skeleton className="h-6 w-40" />
          <div className="mt-5 flex gap-2 overflow-hidden">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-[6.5rem] w-[4.5rem] shrink-0 rounded-2xl" />
            ))}
          </div>
          <div className="mt-5 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5">
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} className="h-12 rounded-xl" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
