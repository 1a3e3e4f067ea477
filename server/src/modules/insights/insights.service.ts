/**
 * A provider's overview (issue 14, item 16): this week's bookings, each class's fill rate, the
 * new and returning clients and attendance over the last eight weeks, and sales over the last
 * twelve months. The
 * calendar is the provider's: weeks start on Monday in their zone, at `now` from the clock.
 */
import { Temporal } from 'temporal-polyfill';
import { fromCents, type Insights } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UserRow } from '../users/index.ts';
import { attendancePerWeek, bookingsPerDay, classFillPerWeek, clientsPerWeek, salesPerMonth, type Span } from './insights.queries.ts';

const WEEKS = 8;
const MONTHS = 12;

export function insightsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async of(provider: UserRow): Promise<Insights> {
      const now = clock.now();
      const tz = provider.timezone;
      const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(tz).toPlainDate();
      const monday = today.subtract({ days: today.dayOfWeek - 1 });
      const start = (date: Temporal.PlainDate) => new Date(date.toZonedDateTime(tz).epochMilliseconds);

      const days = Array.from({ length: 7 }, (_, i) => monday.add({ days: i }));
      const weeks = Array.from({ length: WEEKS }, (_, i) => monday.subtract({ weeks: WEEKS - 1 - i }));
      const firstMonth = today.toPlainYearMonth().subtract({ months: MONTHS - 1 });
      const months = Array.from({ length: MONTHS }, (_, i) => firstMonth.add({ months: i }));

      const thisWeek: Span = { from: start(monday), to: start(monday.add({ weeks: 1 })) };
      // What has happened: the eight weeks' bookings and classes that have started, payments made.
      const [firstWeek] = weeks;
      if (!firstWeek) throw new Error(`Insights cover ${WEEKS} weeks`);
      const lastWeeks: Span = { from: start(firstWeek), to: now };
      const lastMonths: Span = { from: start(firstMonth.toPlainDate({ day: 1 })), to: now };

      const [perDay, fill, clients, sales, attendance] = await Promise.all([
        bookingsPerDay(db, provider.id, tz, thisWeek),
        classFillPerWeek(db, provider.id, tz, lastWeeks),
        clientsPerWeek(db, provider.id, tz, lastWeeks),
        salesPerMonth(db, provider.id, tz, lastMonths),
        attendancePerWeek(db, provider.id, tz, lastWeeks),
      ]);

      const classes = new Map<number, string>();
      for (const row of fill) classes.set(row.serviceId, row.name);
      return {
        timezone: tz,
        this_week: days.map((d) => ({ date: d.toString(), bookings: perDay.find((r) => r.day === d.toString())?.bookings ?? 0 })),
        class_fill: [...classes]
          .sort(([idA, a], [idB, b]) => a.localeCompare(b) || idA - idB)
          .map(([id, name]) => ({
            service: { id, name },
            weeks: weeks.map((w) => {
              const row = fill.find((r) => r.serviceId === id && r.week === w.toString());
              return { week: w.toString(), booked: row?.booked ?? 0, capacity: row?.capacity ?? 0 };
            }),
          })),
        clients: weeks.map((w) => {
          const row = clients.find((r) => r.week === w.toString());
          return { week: w.toString(), new: row?.new ?? 0, returning: row?.returning ?? 0 };
        }),
        attendance: weeks.map((w) => {
          const row = attendance.find((r) => r.week === w.toString());
          return { week: w.toString(), attended: row?.attended ?? 0, no_show: row?.noShow ?? 0, not_marked: row?.notMarked ?? 0 };
        }),
        sales: months.map((m) => {
          const row = sales.find((r) => r.month === m.toString());
          const card = row?.cardCents ?? 0;
          const inPerson = row?.inPersonCents ?? 0;
          const refunded = row?.refundedCents ?? 0;
          return {
            month: m.toString(),
            card: fromCents(card),
            in_person: fromCents(inPerson),
            refunded: fromCents(refunded),
            net: fromCents(card + inPerson - refunded),
          };
        }),
      };
    },
  };
}
