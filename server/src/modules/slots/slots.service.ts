/**
 * GET /api/services/{id}/slots: the times a viewer may book (docs/product-rules.md#availability).
 * Loads what the pure slot engine needs and asks it; the engine decides.
 */
import { SLOTS_WINDOW_MAX_DAYS, type serviceSlotsQuery } from '@slotted/contract';
import type { z } from 'zod';
import { addDays, localDateOf } from '../../domain/classes/repeater-occurrences.ts';
import type { Db } from '../../db/client.ts';
import { getSlotPage, localDaysWindow } from '../../domain/scheduling/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { AnswerCache, withCounts, type ProviderChanges } from '../public-cache/index.ts';
import { presentService } from '../services/index.ts';
import { lineCounts, positionsOfClient } from '../waitlist/index.ts';
import type { UserRow } from '../users/index.ts';
import { enginePolicy } from './engine-input.ts';
import type { ProviderInputs } from './provider-inputs.ts';
import { slotsReadQuery } from './slots.queries.ts';

const DAY_MS = 86_400_000;
/**
 * The most slots in one answer. A month of half-hour slots, eight hours a day, is about 500; a
 * 1-minute service open around the clock would otherwise send 1,440 a day (issue 9).
 */
export const MAX_SLOTS_PER_ANSWER = 2000;

/**
 * How long a kept answer may be sent as the clock moves: holds run out, and slots pass their
 * booking notice, without any write. Within it a slot may show free up to a second after its
 * hold ran out or taken up to a second after; booking checks again under the provider's lock.
 */
const ANSWER_LIFETIME_MS = 1000;

export interface SlotsDeps {
  db: Db;
  clock: Clock;
  changes: ProviderChanges;
  /** The process's provider inputs, shared with booking. */
  inputs: ProviderInputs;
}

export function slotsService(deps: SlotsDeps) {
  const { db, clock, inputs } = deps;
  const read = slotsReadQuery(db);
  const answers = new AnswerCache(deps.changes);

  /**
   * The slot engine's input: the provider's busy time in [from, to) read fresh, with what only the
   * provider's writes change kept for their data version (provider-inputs.ts,
   * docs/decisions/0008-public-data-version.md), as booking reads it. Warm, it is one statement.
   */
  async function publicInput(serviceId: number, from: Date, to: Date, now: Date) {
    for (;;) {
      const [fresh] = await read.execute({ serviceId, from, to, now });
      if (!fresh) return null;
      // Loaded after the version was read: a write committed in between makes the data newer than
      // its version, never older, and the next request sees the new version and reloads.
      const entry = await inputs.at(fresh.providerId, fresh.version);
      if (!entry) return null;
      // What extending the timetables adds is busy time: read again.
      if (await inputs.extend(entry, now)) continue;
      const found = await inputs.service(entry, serviceId);
      if (!found) return null;
      return {
        bookings: fresh.bookings,
        occurrences: fresh.occurrences,
        calendarBusy: fresh.calendarBusy,
        found: withCounts(found, fresh.counts),
        provider: entry.provider,
        policy: entry.policy,
        /** Working hours, time off and holidays for the years [from, to) touches. */
        hours: () => inputs.hours(entry, from, to),
      };
    }
  }

  /**
   * Full class occurrences say whether their waitlist takes clients now, and where the viewer is
   * in its line (docs/product-rules.md#waitlist): read fresh, like the places.
   */
  async function withWaitlists<D extends { slots: { id: string; taken: boolean }[] }>(
    days: D[],
    waitlistSize: number,
    viewer: UserRow | null,
  ): Promise<D[]> {
    const full = days.flatMap((d) => d.slots.filter((s) => s.taken).map((s) => Number(s.id)));
    if (full.length === 0 || waitlistSize === 0) return days;
    const counts = await lineCounts(db, full);
    const positions = viewer ? await positionsOfClient(db, viewer.id, full) : new Map<number, number>();
    return days.map((d) => ({
      ...d,
      slots: d.slots.map((s) =>
        s.taken
          ? { ...s, waitlist_open: (counts.get(Number(s.id)) ?? 0) < waitlistSize, waitlist_position: positions.get(Number(s.id)) ?? null }
          : s,
      ),
    }));
  }

  /** One window of viewer-local days (by default from today, as long as allowed), at most MAX_SLOTS_PER_ANSWER slots. */
  async function forService(serviceId: number, viewer: UserRow | null, query: z.output<typeof serviceSlotsQuery>) {
    const viewerTimeZone = query.timezone;
    const now = clock.now();
    const today = localDateOf(now.getTime(), viewerTimeZone);
    const fromDate = query.from ?? today;
    const toDate = query.to ?? addDays(fromDate, SLOTS_WINDOW_MAX_DAYS - 1);
    const window = localDaysWindow(fromDate, toDate, viewerTimeZone);
    // Only what can touch a slot of the window: a slot starts in it and lasts at most a day. Read
    // to the window's end whatever the policy's horizon, which is known only after the read.
    const loadFrom = new Date(Math.max(now.getTime(), window.from));
    const loadTo = new Date(Math.max(loadFrom.getTime(), window.to) + DAY_MS);

    const bookable = await publicInput(serviceId, loadFrom, loadTo, now);
    if (!bookable) throw new AppError('not_found', 'Service not found.');
    const { found, policy, bookings, occurrences, calendarBusy } = bookable;
    const service = found.service;
    const horizon = now.getTime() + policy.max_days_before_booking * DAY_MS;
    const availability = await bookable.hours();
    const own = occurrences.filter(([, serviceOf]) => serviceOf === service.id);
    // One provider cannot be in two places: 1:1 bookings and every live class occurrence block time.
    const busy = [
      ...bookings.filter(([, , slotId]) => slotId === null).map(([, , , start, end]) => ({ start, end })),
      ...occurrences.map(([, , start, end]) => ({ start, end })),
      ...calendarBusy.map(([start, end]) => ({ start, end })),
    ];
    const viewersOwn = viewer ? bookings.filter(([clientId]) => clientId === viewer.id) : [];
    const bookedByViewer = new Set(viewersOwn.map(([, , slotId]) => slotId).filter((id) => id !== null));

    const page = getSlotPage(
      {
        provider: availability,
        service: { type: service.type, durationMinutes: service.durationMinutes, capacity: service.capacity },
        busy,
        viewerBookings: viewersOwn
          .filter(([, serviceOf, slotId]) => slotId === null && serviceOf === service.id)
          .map(([, , , start, end]) => ({ start, end })),
        classOccurrences: own.map(([id, , startsAt, endsAt, capacity, seatsTaken]) => ({
          id,
          startsAt,
          endsAt,
          capacity,
          seatsTaken,
          bookedByViewer: bookedByViewer.has(id),
          cancelled: false,
        })),
        policy: enginePolicy(policy),
        viewerTimeZone,
        now: now.getTime(),
        window,
      },
      MAX_SLOTS_PER_ANSWER,
    );
    const days = service.type === 'class' ? await withWaitlists(page.days, service.waitlistSize, viewer) : page.days;
    const afterWindow = addDays(toDate, 1);
    const nextFrom = page.resumeDate ?? (window.to < horizon ? (afterWindow > today ? afterWindow : today) : null);
    const answer = {
      data: days,
      meta: {
        timezone: viewerTimeZone,
        service: presentService(found, viewer?.id ?? null),
        max_days_before_booking: policy.max_days_before_booking,
        from: fromDate,
        to: toDate,
        next_from: nextFrom,
        has_more: nextFrom !== null,
      },
    };
    return { providerId: bookable.provider.id, answer };
  }

  return {
    /**
     * The API's answer, kept until anything of the provider changes and for at most
     * ANSWER_LIFETIME_MS of the clock (docs/decisions/0017-pushed-provider-changes.md).
     */
    answer(serviceId: number, viewer: UserRow | null, query: z.output<typeof serviceSlotsQuery>) {
      const key = `${serviceId}\n${viewer?.id ?? ''}\n${query.timezone}\n${query.from ?? ''}\n${query.to ?? ''}`;
      const build = async () => {
        const { providerId, answer } = await forService(serviceId, viewer, query);
        // Serialised here, typed by the contract (re-validating thousands of slots with zod cost
        // more than building them), to keep the exact bytes with their ETag.
        return { providerId, body: JSON.stringify(answer) };
      };
      return answers.get(key, clock.now().getTime(), build, ANSWER_LIFETIME_MS);
    },
  };
}
