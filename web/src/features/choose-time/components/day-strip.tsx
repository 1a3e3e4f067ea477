import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { FOCUS_KEY } from '../../../lib/use-focus-across-paths.ts';
import type { SlotDay } from '../api/get-service-slots.ts';

export function freeCount(day: SlotDay): number {
  return day.slots.filter((slot) => slot.available).length;
}

/**
 * A day's chip and its spoken summary (docs/product-rules.md#choose-time). A 1:1 service counts free
 * times ('3 times'); a class counts classes with a place ('1 class'), so '1' never reads as one place
 * left (issue 27 #7). Moving a booking, the day of its current time says so ('booked' = 'current').
 */
export function dayStatus(free: number, booked: boolean | 'current', kind: 'appointment' | 'class'): { chip: string; spoken: string } {
  if (free === 0 && booked === 'current') return { chip: 'Current', spoken: 'the booking’s current time' };
  if (free === 0) return booked ? { chip: 'Booked', spoken: 'booked by you' } : { chip: 'Full', spoken: 'fully booked' };
  if (kind === 'class') {
    const classes = free === 1 ? '1 class' : `${free} classes`;
    return { chip: classes, spoken: `${classes} with places` };
  }
  const times = free === 1 ? '1 time' : `${free} times`;
  return { chip: times, spoken: `${free} free ${free === 1 ? 'time' : 'times'}` };
}

/** How close (in pixels) to the strip's end the visitor scrolls before `onNearEnd` is called. */
const NEAR_END_PX = 160;

/**
 * The days with times, side by side, as one radio group: a single tab stop (the chosen day) moved
 * with the arrow keys, Home and End, so Tab goes on to the day's times instead of through every
 * day (issue 14 #10). Scrolls sideways on small screens.
 */
export function DayStrip({
  days,
  kind,
  selected,
  onSelect,
  aside,
  onNearEnd,
  loadingMore = false,
  isCurrent,
}: {
  days: SlotDay[];
  /** What the service is: its days count free times (1:1) or classes with a place. */
  kind: 'appointment' | 'class';
  selected: string | null;
  onSelect: (date: string) => void;
  /** Shown above the strip, left of the scroll buttons. */
  aside?: ReactNode;
  /** Called when the end of the strip comes into view (scrolled to, or the days all fit): time to load later days. */
  onNearEnd?: () => void;
  /** Later days are on their way: a placeholder ends the strip. */
  loadingMore?: boolean;
  /** Moving a booking: whether a slot is its current time (that day reads 'Current', not 'Booked'). */
  isCurrent?: (slot: SlotDay['slots'][number]) => boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);

  // Checked again when days arrive or the caller becomes ready for more (a new onNearEnd).
  useEffect(() => {
    const el = scroller.current;
    if (!el || !onNearEnd) return;
    const check = () => {
      if (el.scrollLeft + el.clientWidth >= el.scrollWidth - NEAR_END_PX) onNearEnd();
    };
    check();
    el.addEventListener('scroll', check, { passive: true });
    return () => el.removeEventListener('scroll', check);
  }, [days.length, onNearEnd]);

  // Keep the chosen day in view (e.g. when the page opens on a shared link to a later day), by
  // scrolling the strip only: scrollIntoView would also scroll the page.
  useEffect(() => {
    const el = scroller.current;
    const button = selected ? el?.querySelector<HTMLElement>(`[data-date="${selected}"]`) : null;
    if (!el || !button) return;
    const left = button.offsetLeft - el.offsetLeft;
    const right = left + button.offsetWidth;
    if (left < el.scrollLeft) el.scrollTo?.({ left: Math.max(0, left - 16) });
    else if (right > el.scrollLeft + el.clientWidth) el.scrollTo?.({ left: right - el.clientWidth + 16 });
  }, [selected]);

  // Roving tab stop: the chosen day, or the first when the chosen one is not among the days.
  const selectedIndex = days.findIndex((day) => day.date === selected);
  const tabStop = Math.max(0, selectedIndex);

  // Moving chooses the day at once (a radio group's way). No wrapping from the last day to the
  // first: later days keep loading as the end nears, so the last day shown is not the last one.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = days.findIndex((day) => day.date === (event.target as HTMLElement).dataset.date);
    if (current === -1) return;
    const next = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: days.length - 1,
    }[event.key];
    const day = next === undefined ? undefined : days[Math.min(days.length - 1, Math.max(0, next))];
    if (day === undefined) return;
    event.preventDefault();
    // The strip scrolls the chosen day into view itself (below); the page stays where it is.
    scroller.current?.querySelector<HTMLElement>(`[data-date="${day.date}"]`)?.focus({ preventScroll: true });
    if (day.date !== selected) onSelect(day.date);
  };

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <div>
      <div className="mb-2 flex min-h-8 items-center justify-between gap-3">
        <div className="min-w-0">{aside}</div>
        {days.length > 5 && (
          <div className="hidden shrink-0 gap-1.5 sm:flex">
            <ScrollButton label="Earlier days" onClick={() => scrollBy(-1)}>
              <ChevronLeftIcon className="size-4" />
            </ScrollButton>
            <ScrollButton label="Later days" onClick={() => scrollBy(1)}>
              <ChevronRightIcon className="size-4" />
            </ScrollButton>
          </div>
        )}
      </div>
      <div
        ref={scroller}
        role="radiogroup"
        aria-label="Days"
        onKeyDown={onKeyDown}
        className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-2 overflow-x-auto px-4 pt-1 pb-2 [scrollbar-width:none] sm:mx-0 sm:scroll-px-0 sm:px-0 [&::-webkit-scrollbar]:hidden"
      >
        {days.map((day, index) => {
          const free = freeCount(day);
          const current = isCurrent !== undefined && day.slots.some(isCurrent);
          const booked = current ? 'current' : day.slots.some((slot) => slot.booked_by_you);
          const isSelected = day.date === selected;
          const status = dayStatus(free, booked, kind);
          return (
            <div key={day.date} className="snap-start">
              <button
                type="button"
                role="radio"
                data-date={day.date}
                {...{ [FOCUS_KEY]: `day-${day.date}` }}
                aria-checked={isSelected}
                tabIndex={index === tabStop ? 0 : -1}
                aria-label={`${formatLongDate(day.date)}, ${status.spoken}`}
                onClick={() => onSelect(day.date)}
                className={cn(
                  'flex w-[4.5rem] flex-col items-center rounded-2xl border px-2 py-2.5 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                  isSelected
                    ? 'border-brand-600 bg-brand-600 text-white shadow-sm shadow-brand-600/30'
                    : 'border-zinc-200 bg-white text-zinc-900 hover:border-zinc-300 hover:bg-zinc-50',
                )}
              >
                <span className={cn('text-xs font-medium uppercase tracking-wide', isSelected ? 'text-brand-100' : 'text-zinc-500')}>
                  {day.weekday}
                </span>
                <span className="mt-0.5 text-xl font-semibold tabular-nums">{day.day}</span>
                <span className={cn('text-xs', isSelected ? 'text-brand-100' : 'text-zinc-500')}>{day.month}</span>
                <span
                  className={cn(
                    'mt-1.5 rounded-full px-1.5 text-[11px] font-medium whitespace-nowrap',
                    isSelected
                      ? 'bg-white text-brand-700'
                      : free > 0
                        ? 'bg-emerald-50 text-emerald-700'
                        : booked
                          ? 'bg-brand-50 text-brand-700'
                          : 'bg-zinc-100 text-zinc-500',
                  )}
                >
                  {status.chip}
                </span>
              </button>
            </div>
          );
        })}
        {loadingMore && (
          <div aria-hidden="true" className="snap-start">
            <Skeleton className="h-[6.5rem] w-[4.5rem] rounded-2xl" />
          </div>
        )}
      </div>
    </div>
  );
}

function ScrollButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      tabIndex={-1}
      className="flex size-8 items-center justify-center rounded-full border border-zinc-200 bg-white text-zinc-600 shadow-xs transition-colors hover:bg-zinc-50 hover:text-zinc-900"
    >
      {children}
    </button>
  );
}
