/**
 * The schedule (docs/product-rules.md#schedule; issue 3 class view, issue 4 bookings): a provider's
 * class occurrences and every booking the viewer takes part in, as cards grouped by the viewer's
 * local date (docs/product-rules.md#time-and-time-zones).
 */
import { fromCents, WEEKDAYS, type ScheduleDay, type ScheduleSlot } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import { localReading } from '../../domain/scheduling/local-reading.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UserRow } from '../users/index.ts';
import { imageUrl } from '../images/index.ts';
import { missingPayment } from '../appointments/index.ts';
import { lineCounts } from '../waitlist/index.ts';
import { bookingsOfSlots, providerClassSlots, viewerBookings, type Subset } from './schedule.queries.ts';

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A booking's roster facts (docs/product-rules.md#roster-and-check-in). */
function roster(r: {
  priceCents: number;
  paymentMethod: 'in_person' | 'card' | 'membership' | null;
  paidAt: Date | null;
  membershipId: string | null;
  membershipName: string | null;
  attendance: 'attended' | 'no_show' | null;
}) {
  return {
    price: fromCents(r.priceCents),
    payment_method: r.paymentMethod,
    membership: r.membershipId !== null ? { id: r.membershipId, name: r.membershipName ?? '' } : null,
    paid: !missingPayment(r),
    attendance: r.attendance,
  };
}

export function scheduleService(deps: { db: Db; clock: Clock; beforeRead(provider: UserRow): Promise<void> }) {
  const { db, clock } = deps;

  return {
    async days(viewer: UserRow, subset: Subset): Promise<ScheduleDay[]> {
      if (viewer.isProvider) await deps.beforeRead(viewer);
      const now = clock.now();
      const tz = viewer.timezone;
      const cards: ScheduleSlot[] = [];
      const timing = (startsAt: Date, endsAt: Date) => {
        const start = localReading(startsAt.getTime(), tz);
        return {
          date: start.date,
          time: start.time,
          until: localReading(endsAt.getTime(), tz).time,
          starts_at: iso(startsAt),
          ends_at: iso(endsAt),
          timezone: tz,
          in_the_past: endsAt.getTime() <= now.getTime(),
        };
      };

      if (viewer.isProvider) {
        const occurrences = await providerClassSlots(db, viewer.id, subset, now);
        const bookings = await bookingsOfSlots(
          db,
          occurrences.map((o) => o.slot.id),
        );
        // How many wait for a place in each (docs/product-rules.md#waitlist).
        const waiting = await lineCounts(
          db,
          occurrences.map((o) => o.slot.id),
        );
        for (const o of occurrences) {
          const mine = bookings.filter((b) => b.slotId === o.slot.id);
          cards.push({
            id: String(o.slot.id),
            kind: 'class',
            ...timing(o.slot.startsAt, o.slot.endsAt),
            cancelled_at: o.slot.cancelledAt ? iso(o.slot.cancelledAt) : null,
            service: o.service,
            provider: {
              name: o.provider.name,
              username: o.provider.username,
              avatar: imageUrl(o.provider.avatarImageId),
              timezone: o.provider.timezone,
            },
            is_mine: true,
            participants: mine.filter((b) => b.status === 'confirmed').length,
            waitlist_count: waiting.get(o.slot.id) ?? 0,
            appointments: mine.map((b) => ({
              id: b.id,
              status: b.status as 'confirmed' | 'cancelled',
              cancelled_at: b.cancelledAt ? iso(b.cancelledAt) : null,
              client: { id: b.client.id, name: b.client.name, avatar: imageUrl(b.client.avatarImageId), is_me: b.client.id === viewer.id },
              ...roster(b.roster),
            })),
            repeater:
              o.repeater && o.repeater.every !== null
                ? {
                    id: o.repeater.id,
                    weekdays: o.repeater.weekdays.map(weekdayOfIso),
                    start_time: o.repeater.startLocal.slice(11, 16),
                    repeat_every: `${o.repeater.every}w`,
                  }
                : null,
          });
        }
      }

      for (const b of await viewerBookings(db, viewer.id, subset, now)) {
        const a = b.appointment;
        const cancelledAt = a.cancelledAt ?? b.slotCancelledAt;
        cards.push({
          id: a.slotId !== null ? String(a.slotId) : a.id,
          kind: a.slotId !== null ? 'class' : 'appointment',
          ...timing(a.startsAt, a.endsAt),
          cancelled_at: cancelledAt ? iso(cancelledAt) : null,
          service: b.service,
          provider: {
            name: b.provider.name,
            username: b.provider.username,
            avatar: imageUrl(b.provider.avatarImageId),
            timezone: b.provider.timezone,
          },
          is_mine: a.providerId === viewer.id,
          participants: a.slotId !== null ? (b.slotSeatsTaken ?? 0) : a.status === 'confirmed' ? 1 : 0,
          // The line is the provider's to see; a client sees their own entries in GET /api/waitlist.
          waitlist_count: 0,
          appointments: [
            {
              id: a.id,
              status: a.status as 'confirmed' | 'cancelled',
              cancelled_at: a.cancelledAt ? iso(a.cancelledAt) : null,
              client: { id: b.client.id, name: b.client.name, avatar: imageUrl(b.client.avatarImageId), is_me: b.client.id === viewer.id },
              ...roster(b.roster),
            },
          ],
          repeater: null,
        });
      }

      const ascending = subset === 'future';
      cards.sort((x, y) => (x.starts_at === y.starts_at ? x.id.localeCompare(y.id) : x.starts_at < y.starts_at === ascending ? -1 : 1));
      const days: ScheduleDay[] = [];
      for (const card of cards) {
        let day = days.at(-1);
        if (!day || day.date !== card.date) {
          const r = localReading(Date.parse(card.starts_at), tz);
          day = { date: r.date, weekday: r.weekday, day: r.day, month: r.month, slots: [] };
          days.push(day);
        }
        day.slots.push(card);
      }
      return days;
    },
  };
}

/** A repeater's ISO weekday (1 = Monday … 7 = Sunday, as stored) as the API names it. */
function weekdayOfIso(isoWeekday: number): (typeof WEEKDAYS)[number] {
  const weekday = WEEKDAYS[isoWeekday - 1];
  if (weekday === undefined) throw new RangeError(`Not an ISO weekday: ${isoWeekday}`);
  return weekday;
}
