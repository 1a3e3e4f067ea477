/**
 * The demo studio's past (docs/product-rules.md#first-run): eight weeks of classes and 1:1
 * sessions with clients who joined week by week, check-ins and money taken at the desk, so every
 * Insights chart and the schedule's Past tab have something true to show. Written in bulk inside
 * the seed's transaction, deterministically (the same "today" gives the same history), and without
 * e-mail: nothing here goes through the booking code that would send any.
 */
import { appointments, payments, slots, users } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import { addDays } from '../../domain/classes/repeater-occurrences.ts';

/** How far back the history reaches: the eight weeks Insights charts. */
export const HISTORY_WEEKS = 8;

/**
 * Regulars who came before the three named clients, each from `since` weeks ago (so 'new' clients
 * show week by week). Addresses of the form first.last, which no journey signs up with.
 */
export const HISTORY_CLIENTS = [
  { email: 'marta.gil@example.com', name: 'Marta Gil', since: 8 },
  { email: 'javier.ortega@example.com', name: 'Javier Ortega', since: 8 },
  { email: 'sofia.navarro@example.com', name: 'Sofía Navarro', since: 7 },
  { email: 'noah.williams@example.com', name: 'Noah Williams', since: 6 },
  { email: 'ines.castro@example.com', name: 'Inés Castro', since: 5 },
  { email: 'pablo.ruiz@example.com', name: 'Pablo Ruiz', since: 4 },
  { email: 'emma.laurent@example.com', name: 'Emma Laurent', since: 3 },
  { email: 'daniel.moreno@example.com', name: 'Daniel Moreno', since: 2 },
  { email: 'carla.vidal@example.com', name: 'Carla Vidal', since: 1 },
] as const;

/** A number in [0, 1) from integers: the same inputs always give the same history. */
function noise(...parts: number[]): number {
  let h = 2166136261;
  for (const p of parts) h = Math.imul(h ^ (p & 0xffff), 16777619) ^ (p >>> 16);
  return ((h >>> 0) % 10_007) / 10_007;
}

type Service = { id: number; priceCents: number; durationMinutes: number; capacity: number; type: 'appointment' | 'class' };
type Timetable = { service: Service; time: string; weekdays: readonly string[] };
type When = { startsAt: Date; endsAt: Date };

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** 'mon'…'sun' of a 'YYYY-MM-DD' date. */
export function weekdayKey(date: string): (typeof WEEKDAY_KEYS)[number] {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAY_KEYS[(day + 6) % 7] ?? 'mon';
}

/**
 * Inserts the history: past occurrences of the weekly timetable with their bookings, a 1:1 session
 * or two on most weekdays, check-ins (mostly attended, a few no-shows, the last days partly
 * unmarked) and in-person payments on the day (a few of the latest still owed).
 */
export async function seedDemoHistory(
  tx: Tx,
  input: {
    providerId: string;
    now: Date;
    today: string;
    timetable: readonly Timetable[];
    sessions: readonly Service[];
    /** The studio's wall clock to instants, for a session of `minutes`. */
    at: (date: string, time: string, minutes: number) => When;
  },
): Promise<void> {
  const { providerId, now, today } = input;
  const created = await tx
    .insert(users)
    .values(HISTORY_CLIENTS.map(({ email, name }) => ({ email, name, timezone: 'Europe/Madrid', createdAt: now, updatedAt: now })))
    .returning({ id: users.id });
  const regulars = created.map((row, i) => ({ id: row.id, since: HISTORY_CLIENTS[i]?.since ?? 1, index: i }));

  type Booking = typeof appointments.$inferInsert;
  const bookings: Booking[] = [];
  const booking = (clientIndex: number, service: Service, when: When, salt: number, extra: Partial<Booking> = {}): Booking => {
    const client = regulars[clientIndex];
    if (!client) throw new Error(`No demo regular ${clientIndex}`);
    const daysAgo = (now.getTime() - when.startsAt.getTime()) / 86_400_000;
    const roll = noise(salt, clientIndex, 7);
    // Marked for every session a few days old; the last two days are partly still to mark.
    const attendance = daysAgo < 2 && roll < 0.5 ? null : roll < 0.08 ? 'no_show' : 'attended';
    // Paid at the desk on the day; a few of the last fortnight's are still owed.
    const paid = !(daysAgo < 14 && noise(salt, clientIndex, 11) < 0.12);
    return {
      clientId: client.id,
      providerId,
      serviceId: service.id,
      priceCents: service.priceCents,
      status: 'confirmed',
      confirmedAt: new Date(when.startsAt.getTime() - 2 * 86_400_000),
      paymentMethod: 'in_person',
      paidAt: paid ? when.startsAt : null,
      attendance,
      attendanceMarkedAt: attendance ? when.endsAt : null,
      startsAt: when.startsAt,
      endsAt: when.endsAt,
      createdAt: new Date(when.startsAt.getTime() - 2 * 86_400_000),
      updatedAt: when.endsAt,
      ...extra,
    };
  };

  for (let back = HISTORY_WEEKS * 7; back >= 1; back--) {
    const date = addDays(today, -back);
    const weekday = weekdayKey(date);
    const weeksAgo = Math.ceil(back / 7);
    const active = regulars.filter((r) => r.since >= weeksAgo);
    if (active.length === 0) continue;

    // Classes: busier as the studio grows, never over capacity.
    for (const [entryIndex, entry] of input.timetable.entries()) {
      if (!entry.weekdays.includes(weekday)) continue;
      const when = input.at(date, entry.time, entry.service.durationMinutes);
      if (when.startsAt >= now) continue;
      const salt = back * 31 + entryIndex;
      const share = 0.45 + 0.06 * (HISTORY_WEEKS - weeksAgo) + 0.25 * noise(salt, 1);
      const wanted = Math.max(2, Math.round(active.length * Math.min(1, share)));
      // Room is left for the named clients the seed adds to a recent class.
      const count = Math.min(wanted, active.length, entry.service.capacity - 3);
      const offset = Math.floor(noise(salt, 2) * active.length);
      const attendees = Array.from({ length: count }, (_, k) => active[(offset + k) % active.length]?.index ?? 0);
      const [slot] = await tx
        .insert(slots)
        .values({
          providerId,
          serviceId: entry.service.id,
          ...when,
          capacity: entry.service.capacity,
          seatsTaken: count,
          createdAt: when.startsAt,
        })
        .returning({ id: slots.id });
      if (!slot) throw new Error('INSERT … RETURNING answers the inserted row');
      for (const clientIndex of attendees) bookings.push(booking(clientIndex, entry.service, when, salt, { slotId: slot.id }));
    }

    // 1:1 sessions on weekdays at 10:00 and 12:00, when no class is on (the studio's hours).
    if (weekday === 'sat' || weekday === 'sun') continue;
    for (const [i, time] of ['10:00', '12:00'].entries()) {
      const salt = back * 17 + i;
      if (noise(salt, 3) < 0.4) continue;
      const service = input.sessions[Math.floor(noise(salt, 4) * input.sessions.length)];
      if (!service) continue;
      const when = input.at(date, time, service.durationMinutes);
      const client = active[Math.floor(noise(salt, 5) * active.length)];
      if (client && when.startsAt < now) bookings.push(booking(client.index, service, when, salt));
    }
  }

  const inserted = bookings.length ? await tx.insert(appointments).values(bookings).returning() : [];
  const received = inserted.filter((b) => b.paidAt !== null);
  if (received.length) {
    await tx.insert(payments).values(
      received.map((b) => ({
        payerId: b.clientId,
        providerId,
        appointmentId: b.id,
        amountCents: b.priceCents,
        method: 'in_person' as const,
        status: 'succeeded' as const,
        paidAt: b.paidAt,
        createdAt: b.paidAt ?? now,
        updatedAt: b.paidAt ?? now,
      })),
    );
  }
}
