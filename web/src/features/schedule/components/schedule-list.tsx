import type { ScheduleDay, ScheduleSlot } from '@slotted/contract';
import { Badge } from '../../../components/ui/page.tsx';
import { MapPinIcon, UserIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { dayHeading, formatTime } from '../../../lib/format.ts';

/** Bookings grouped by day (spec §2 Schedule). The full cards and the details panel come later. */
export function ScheduleList({ days, today }: { days: ScheduleDay[]; today: string }) {
  return (
    <div className="flex flex-col gap-8">
      {days.map((day) => {
        const heading = dayHeading(day.date, today);
        return (
          <section key={day.date} aria-labelledby={`day-${day.date}`}>
            <h2 id={`day-${day.date}`} className="mb-3 flex items-baseline gap-2">
              <span className="text-sm font-semibold text-zinc-900">{heading.title}</span>
              <span className="text-sm text-zinc-500">{heading.subtitle}</span>
            </h2>
            <ul className="flex flex-col gap-2">
              {day.slots.map((slot) => (
                <li key={slot.id}>
                  <SlotCard slot={slot} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Who the booking is with: the client (own 1:1 service), the provider (someone else's), or the class size. */
function withWhom(slot: ScheduleSlot): { icon: 'users' | 'user'; text: string } | null {
  if (slot.service?.type === 'class') {
    const capacity = slot.service.capacity;
    return { icon: 'users', text: capacity ? `${slot.participants ?? 0} / ${capacity}` : String(slot.participants ?? 0) };
  }
  if (slot.is_mine) {
    const client = slot.appointments?.find((a) => !a.client?.is_me)?.client;
    return client ? { icon: 'user', text: client.name } : null;
  }
  return slot.provider?.name ? { icon: 'user', text: `With ${slot.provider.name}` } : null;
}

function SlotCard({ slot }: { slot: ScheduleSlot }) {
  const cancelled = Boolean(slot.cancelled_at);
  const who = withWhom(slot);
  return (
    <article
      className={cn(
        'flex items-stretch gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-xs transition-colors',
        cancelled && 'bg-zinc-50',
      )}
    >
      <div className={cn('w-1 shrink-0 rounded-full', cancelled ? 'bg-zinc-300' : 'bg-brand-500')} aria-hidden="true" />
      <div className="w-14 shrink-0 sm:w-20">
        <p className={cn('text-sm font-semibold tabular-nums text-zinc-900', cancelled && 'text-zinc-500 line-through')}>
          {formatTime(slot.time)}
        </p>
        {slot.until && <p className="text-sm tabular-nums text-zinc-500">{formatTime(slot.until)}</p>}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className={cn('truncate text-sm font-semibold text-zinc-900', cancelled && 'text-zinc-500')}>
            {slot.service?.name ?? 'Booking'}
          </h3>
          {cancelled && <Badge tone="danger">Cancelled</Badge>}
        </div>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-500">
          {slot.service?.location && (
            <span className="flex min-w-0 items-center gap-1.5">
              <MapPinIcon className="size-3.5 shrink-0" />
              <span className="truncate">{slot.service.location}</span>
            </span>
          )}
          {who && (
            <span className="flex min-w-0 items-center gap-1.5">
              {who.icon === 'users' ? <UsersIcon className="size-3.5 shrink-0" /> : <UserIcon className="size-3.5 shrink-0" />}
              <span className="truncate">{who.text}</span>
              {who.icon === 'users' && <span className="sr-only"> participants</span>}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
