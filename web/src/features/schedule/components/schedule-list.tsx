import type { ScheduleDay, ScheduleSlot } from '@slotted/contract';
import { ChevronRightIcon, MapPinIcon, RepeatIcon, UserIcon, UsersIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/page.tsx';
import { cn } from '../../../lib/cn.ts';
import { dayHeading, formatTime } from '../../../lib/format.ts';
import { repeatsLabel } from '../../../lib/class-summary.ts';

/** Bookings grouped by day (docs/product-rules.md#schedule); a card opens the booking details. */
export function ScheduleList({ days, today, onOpen }: { days: ScheduleDay[]; today: string; onOpen: (slot: ScheduleSlot) => void }) {
  return (
    <div className="flex flex-col gap-8">
      {days.map((day) => {
        const heading = dayHeading(day.date, today);
        return (
          <section key={day.date} aria-labelledby={`day-${day.date}`}>
            <h2 id={`day-${day.date}`} className="mb-3 flex items-baseline gap-2">
              <span className="text-sm font-semibold text-zinc-900">{heading.title}</span>
              <span className="text-sm text-zinc-500">{`· ${heading.subtitle}`}</span>
            </h2>
            <ul className="flex flex-col gap-2">
              {day.slots.map((slot) => (
                <li key={`${slot.kind}-${slot.id}`}>
                  <SlotCard slot={slot} onOpen={() => onOpen(slot)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Who the booking is with: the class size, the client (own 1:1 service), or the provider (someone else's). */
export function withWhom(slot: ScheduleSlot): { icon: 'users' | 'user'; text: string; label: string } | null {
  if (slot.service?.type === 'class' && slot.is_mine) {
    const capacity = slot.service.capacity;
    const participants = slot.participants ?? 0;
    return {
      icon: 'users',
      text: capacity ? `${participants}/${capacity}` : String(participants),
      label: capacity ? `${participants} of ${capacity} places taken` : `${participants} participants`,
    };
  }
  if (slot.is_mine) {
    const client = slot.appointments?.find((a) => !a.client?.is_me)?.client;
    return client ? { icon: 'user', text: client.name, label: `Client: ${client.name}` } : null;
  }
  return slot.provider?.name ? { icon: 'user', text: `With ${slot.provider.name}`, label: `With ${slot.provider.name}` } : null;
}

function SlotCard({ slot, onOpen }: { slot: ScheduleSlot; onOpen: () => void }) {
  const cancelled = Boolean(slot.cancelled_at);
  const who = withWhom(slot);
  const time = formatTime(slot.time);
  const until = formatTime(slot.until);
  const name = slot.service?.name ?? 'Booking';
  return (
    <article
      className={cn(
        'group relative flex items-stretch gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-xs transition-colors',
        'focus-within:ring-2 focus-within:ring-brand-500 hover:border-zinc-300 hover:bg-zinc-50/60',
        cancelled && 'bg-zinc-50',
      )}
    >
      <div
        className={cn('w-1 shrink-0 rounded-full', cancelled ? 'bg-zinc-300' : slot.kind === 'class' ? 'bg-brand-500' : 'bg-teal-500')}
        aria-hidden="true"
      />
      {/* A cancelled session's whole time is struck through, start and end alike. */}
      <div className={cn('w-14 shrink-0 sm:w-20', cancelled && 'line-through')} aria-hidden="true">
        <p className={cn('text-sm font-semibold tabular-nums text-zinc-900', cancelled && 'text-zinc-500')}>{time}</p>
        {until && <p className="text-sm tabular-nums text-zinc-500">{until}</p>}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className={cn('min-w-0 truncate text-sm font-semibold text-zinc-900', cancelled && 'text-zinc-500')}>
            <button
              type="button"
              onClick={onOpen}
              aria-label={`${name}, ${time} to ${until}${cancelled ? ', cancelled' : ''}`}
              className="text-left outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
            >
              {name}
            </button>
          </h3>
          {cancelled && <Badge tone="danger">Cancelled</Badge>}
          {!cancelled && (slot.waitlist_count ?? 0) > 0 && <Badge tone="brand">{slot.waitlist_count} waiting</Badge>}
        </div>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-500">
          {slot.service?.location && (
            <span className="flex min-w-0 items-center gap-1.5">
              <MapPinIcon className="size-3.5 shrink-0" />
              <span className="truncate">{slot.service.location}</span>
            </span>
          )}
          {who && (
            <span className="flex min-w-0 items-center gap-1.5" title={who.label}>
              {who.icon === 'users' ? <UsersIcon className="size-3.5 shrink-0" /> : <UserIcon className="size-3.5 shrink-0" />}
              <span className="truncate tabular-nums" aria-hidden={who.icon === 'users' || undefined}>
                {who.text}
              </span>
              {who.icon === 'users' && <span className="sr-only">{who.label}</span>}
            </span>
          )}
          {slot.repeater && !cancelled && (
            <span className="hidden items-center gap-1.5 sm:flex" title={repeatsLabel(slot.repeater)}>
              <RepeatIcon className="size-3.5 shrink-0" />
              <span className="sr-only">{repeatsLabel(slot.repeater)}</span>
            </span>
          )}
        </div>
      </div>
      <ChevronRightIcon
        className="size-4 shrink-0 self-center text-zinc-300 transition-colors group-hover:text-zinc-500"
        aria-hidden="true"
      />
    </article>
  );
}
