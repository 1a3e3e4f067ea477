import { useState } from 'react';
import { Link } from 'react-router';
import type { TimetableClass, TimetableDay } from '@slotted/contract';
import { CalendarDaysIcon, ChevronRightIcon, GlobeIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { browserTimeZone, dayHeading, formatDuration, formatTime, timesInZone, todayIn } from '../../../lib/format.ts';
import { chooseTimePath } from '../../../lib/service-format.ts';
import { useTimetable } from '../api/get-timetable.ts';

/** '3 places left', '1 place left', 'Full'. */
export function placesLeftLabel(places: number): string {
  if (places <= 0) return 'Full';
  return places === 1 ? '1 place left' : `${places} places left`;
}

/**
 * The profile's timetable (docs/product-rules.md#public-profile): the provider's classes day by day
 * for the coming week, in the viewer's zone, each with its places left and leading to the
 * choose-time page on that class; 'Show next week' adds a week while the provider takes bookings
 * that far ahead. As Mindbody and Momence show a studio's schedule.
 */
export function Timetable({ username }: { username: string }) {
  const [timezone] = useState(browserTimeZone);
  const timetable = useTimetable(username, timezone);

  if (timetable.isPending) return <TimetableSkeleton />;
  if (timetable.isError) {
    return (
      <p role="alert" className="rounded-xl border border-zinc-200 bg-white px-4 py-3 text-sm text-zinc-700">
        The timetable could not be loaded.{' '}
        <button type="button" className="font-medium text-brand-700 underline underline-offset-2" onClick={() => void timetable.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const days = timetable.data.pages.flatMap((page) => page.data);
  const today = todayIn(timezone);
  const zone = timetable.data.pages[0]?.meta.timezone ?? timezone;
  if (days.every((day) => day.classes.length === 0) && !timetable.hasNextPage) {
    return (
      <EmptyState
        icon={<CalendarDaysIcon className="size-6" />}
        title="No classes scheduled"
        description="Classes appear here once the studio puts them on its timetable."
      />
    );
  }
  return (
    <div>
      <p className="mb-3 flex items-center gap-1.5 text-xs text-zinc-500">
        <GlobeIcon className="size-3.5 shrink-0" aria-hidden="true" />
        {timesInZone(zone)}
      </p>
      <ol className="flex flex-col gap-4">
        {days.map((day) => (
          <li key={day.date}>
            <TimetableDayBlock day={day} today={today} username={username} />
          </li>
        ))}
      </ol>
      {timetable.hasNextPage && (
        <div className="mt-5 flex justify-center">
          <Button theme="white" loading={timetable.isFetchingNextPage} onClick={() => void timetable.fetchNextPage()}>
            Show next week
          </Button>
        </div>
      )}
    </div>
  );
}

function TimetableDayBlock({ day, today, username }: { day: TimetableDay; today: string; username: string }) {
  const heading = dayHeading(day.date, today);
  const headingId = `timetable-${day.date}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-baseline gap-2 border-b border-zinc-200 pb-1.5 text-sm font-semibold text-zinc-900">
        {heading.title}
        <span className="text-xs font-normal text-zinc-500">{heading.subtitle}</span>
      </h3>
      {day.classes.length === 0 ? (
        <p className="py-2.5 text-sm text-zinc-500">No classes</p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {day.classes.map((entry) => (
            <li key={entry.slot_id}>
              <TimetableRow entry={entry} username={username} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One class: a link to book that very time while it can be booked (or joined on its waitlist), else why not. */
function TimetableRow({ entry, username }: { entry: TimetableClass; username: string }) {
  const full = entry.places_left <= 0;
  const open = entry.bookable || full;
  const facts = [formatDuration(entry.service.duration), entry.service.location].filter(Boolean).join(' · ');
  const status = full ? 'Full' : entry.bookable ? placesLeftLabel(entry.places_left) : 'Booking closed';
  const body = (
    <>
      <span className="w-14 shrink-0 text-sm font-semibold tabular-nums text-zinc-900">{formatTime(entry.time)}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-zinc-900">{entry.service.name}</span>
        {facts && <span className="block truncate text-xs text-zinc-500">{facts}</span>}
      </span>
      <span
        className={cn(
          'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
          full ? 'bg-zinc-100 text-zinc-700' : entry.bookable ? 'bg-emerald-50 text-emerald-800' : 'bg-zinc-100 text-zinc-600',
        )}
      >
        {status}
      </span>
    </>
  );
  if (!open) return <div className="flex items-center gap-3 py-2.5">{body}</div>;
  return (
    <Link
      to={chooseTimePath(username, entry.service.id, entry.date, entry.time)}
      className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {body}
      <ChevronRightIcon className="size-4 shrink-0 text-zinc-400" aria-hidden="true" />
    </Link>
  );
}

function TimetableSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the timetable" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}
