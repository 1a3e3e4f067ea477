/**
 * GET /api/services/{id}/slots: the times a viewer may book (docs/product-rules.md#availability).
 * Loads what the pure slot engine needs and asks it; the engine decides.
 */
import { SLOTS_WINDOW_MAX_DAYS, type Policies, type serviceSlotsQuery } from '@slotted/contract';
import type { z } from 'zod';
import { addDays, localDateOf } from '../../domain/classes/repeater-occurrences.ts';
import { getSlotPage, localDaysWindow, type ProviderAvailability } from '../../domain/scheduling/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { VersionedCache, withCounts } from '../public-cache/index.ts';
import { findLiveService, presentService, type ServiceListRow } from '../services/index.ts';
import { findProvider, type UserRow } from '../users/index.ts';
import { busyTime, enginePolicy, engineInput, type EngineInputDeps } from './engine-input.ts';
import { slotIdsBookedBy, slotsHeadQuery } from './slots.queries.ts';

const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;
/**
 * The most slots in one answer. A month of half-hour slots, eight hours a day, is about 500; a
 * 1-minute service open around the clock would otherwise send 1,440 a day (issue 9).
 */
export const MAX_SLOTS_PER_ANSWER = 2000;

export interface SlotsDeps extends EngineInputDeps {
  clock: Clock;
}

/** Reads the provider's busy time over the request's window, as far as `policy` lets clients book. */
type BusyRead = (providerId: string, policy: Policies) => ReturnType<typeof busyTime>;

/** A provider's part of the slot engine's input, valid for one data version. */
interface ProviderInput {
  provider: UserRow;
  policy: Policies;
  services: Map<number, ServiceListRow>;
  /** Working hours, time off and holidays by the span of years they cover. */
  hours: Map<string, Promise<ProviderAvailability>>;
  /** The quarter hour (since the epoch) in which the provider's timetables were last extended. */
  extendedIn: number;
}

export function slotsService(deps: SlotsDeps) {
  const { db, clock } = deps;
  const input = engineInput(deps);
  const head = slotsHeadQuery(db);
  const cache = new VersionedCache<ProviderInput>();
  const providerOfService = new Map<number, string>();

  /**
   * The slot engine's input that only the provider's writes change, cached for the provider's
   * data version (docs/decisions/0008-public-data-version.md): the same reads as `engineInput`,
   * which booking uses, so listing and booking see the same service, policy and hours.
   */
  async function publicInput(serviceId: number, readBusy: BusyRead) {
    // A service's provider never changes. When this process holds that provider's input and has
    // extended their timetables this quarter hour, the busy time is read in the same round trip as
    // the version, and used only if the version turns out to be the entry's.
    const known = providerOfService.get(serviceId);
    const latest = known === undefined ? undefined : cache.latest(known);
    const quarterHour = Math.floor(clock.now().getTime() / QUARTER_HOUR_MS);
    const early = known && latest?.value.extendedIn === quarterHour ? readBusy(known, latest.value.policy) : null;
    early?.catch(() => undefined); // a discarded read's failure is no failure of this request
    const [fresh] = await head.execute({ serviceId });
    if (!fresh) return null;
    if (providerOfService.size >= 10_000) providerOfService.clear(); // bounds memory; refilled as asked
    providerOfService.set(serviceId, fresh.providerId);
    // Loaded after the version was read: a write committed in between makes the data newer than
    // its version, never older, and the next request sees the new version and reloads.
    let entry = cache.get(fresh.providerId, fresh.version);
    if (!entry) {
      const provider = await findProvider(db, { id: fresh.providerId });
      if (!provider) return null;
      entry = { provider, policy: await deps.availability.policy(provider.id), services: new Map(), hours: new Map(), extendedIn: -1 };
      cache.set(fresh.providerId, fresh.version, entry);
    }
    const { provider, policy, services, hours } = entry;
    let found = services.get(serviceId);
    if (!found) {
      const row = await findLiveService(db, serviceId);
      if (!row) return null;
      services.set(serviceId, (found = row));
    }
    // Extending timetables reaches a horizon date in the provider's zone; zones are offset by whole
    // quarter hours, so within one quarter hour and one version it has nothing new to add.
    if (entry.extendedIn !== quarterHour) {
      await deps.classes.extendTimetables(provider);
      entry.extendedIn = quarterHour;
    }
    const current = early && latest!.version === fresh.version && known === fresh.providerId;
    return {
      busy: await (current ? early : readBusy(provider.id, policy)),
      found: withCounts(found, fresh.counts),
      provider,
      policy,
      /** Working hours, time off and holidays for the years [from, to) touches. */
      hours(from: Date, to: Date): Promise<ProviderAvailability> {
        const key = `${from.getUTCFullYear()}-${to.getUTCFullYear()}`;
        let years = hours.get(key);
        if (!years) {
          hours.set(key, (years = input.hours(provider, from, to)));
          years.catch(() => hours.delete(key)); // a failed read is not kept
        }
        return years;
      },
    };
  }

  return {
    /** One window of viewer-local days (by default from today, as long as allowed), at most MAX_SLOTS_PER_ANSWER slots. */
    async forService(serviceId: number, viewer: UserRow | null, query: z.output<typeof serviceSlotsQuery>) {
      const viewerTimeZone = query.timezone;
      const now = clock.now();
      const today = localDateOf(now.getTime(), viewerTimeZone);
      const fromDate = query.from ?? today;
      const toDate = query.to ?? addDays(fromDate, SLOTS_WINDOW_MAX_DAYS - 1);
      const window = localDaysWindow(fromDate, toDate, viewerTimeZone);
      const horizonOf = (policy: Policies) => now.getTime() + policy.max_days_before_booking * DAY_MS;
      // Only what can touch a slot of the window: a slot starts in it and lasts at most a day.
      const loadFrom = new Date(Math.max(now.getTime(), window.from));
      const loadTo = (policy: Policies) => new Date(Math.max(loadFrom.getTime(), Math.min(window.to, horizonOf(policy)) + DAY_MS));

      const bookable = await publicInput(serviceId, (providerId, policy) => busyTime(db, providerId, loadFrom, loadTo(policy), now));
      if (!bookable) throw new AppError('not_found', 'Service not found.');
      const { found, policy, busy: read } = bookable;
      const { bookings, occurrences, busy } = read;
      const service = found.service;
      const horizon = horizonOf(policy);
      const availability = await bookable.hours(loadFrom, loadTo(policy));
      const own = occurrences.filter((o) => o.serviceId === service.id);
      const bookedByViewer = viewer
        ? await slotIdsBookedBy(
            db,
            viewer.id,
            own.map((o) => o.id),
            now,
          )
        : new Set<number>();

      const page = getSlotPage(
        {
          provider: availability,
          service: { type: service.type, durationMinutes: service.durationMinutes, capacity: service.capacity },
          busy,
          viewerBookings: viewer
            ? bookings
                .filter((b) => b.slotId === null && b.clientId === viewer.id && b.serviceId === service.id)
                .map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() }))
            : [],
          classOccurrences: own.map((o) => ({
            id: o.id,
            startsAt: o.startsAt.getTime(),
            endsAt: o.endsAt.getTime(),
            capacity: o.capacity,
            seatsTaken: o.seatsTaken,
            bookedByViewer: bookedByViewer.has(o.id),
            cancelled: false,
          })),
          policy: enginePolicy(policy),
          viewerTimeZone,
          now: now.getTime(),
          window,
        },
        MAX_SLOTS_PER_ANSWER,
      );
      const afterWindow = addDays(toDate, 1);
      const nextFrom = page.resumeDate ?? (window.to < horizon ? (afterWindow > today ? afterWindow : today) : null);
      return {
        data: page.days,
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
    },
  };
}
