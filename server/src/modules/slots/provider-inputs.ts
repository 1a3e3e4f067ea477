/**
 * What only the provider's own writes change — their row, policy, live services, working hours,
 * time off and holidays — kept per process for one data version
 * (docs/decisions/0008-public-data-version.md), read one way for listing a service's slots and for
 * booking one of them. Every write of these bumps the version in its transaction, so an entry whose
 * version is the provider's current one holds the provider's current data. Listing reads the version
 * with its busy time; booking compares it under the provider's lock
 * (docs/decisions/0021-booking-inputs-checked-under-the-lock.md).
 */
import { eq } from 'drizzle-orm';
import type { Policies } from '@slotted/contract';
import { services } from '../../db/schema.ts';
import type { ProviderAvailability } from '../../domain/scheduling/index.ts';
import { qualified, VersionedCache, versionOf } from '../public-cache/index.ts';
import { findLiveService, type ServiceListRow } from '../services/index.ts';
import { findProvider, type UserRow } from '../users/index.ts';
import type { EngineInputDeps } from './engine-input.ts';

const QUARTER_HOUR_MS = 900_000;

/** A provider's part of the slot engine's input, read at (or after) `version`. */
export interface ProviderInput {
  /** Read before the rest: a write committed in between makes the data newer than its version, never older. */
  version: number;
  provider: UserRow;
  policy: Policies;
  /** Their live services read so far, by id (the counts in them are not kept fresh: listing reads them with its busy time). */
  services: Map<number, ServiceListRow>;
  /** Working hours, time off and holidays by the span of years they cover. */
  hours: Map<string, Promise<ProviderAvailability>>;
  /** The quarter hour (since the epoch) in which the provider's timetables were last extended. */
  extendedIn: number;
}

export type ProviderInputs = ReturnType<typeof providerInputs>;

/** One per process, shared by the slots listing and booking. */
export function providerInputs(deps: EngineInputDeps, capacity = 1000) {
  const { db } = deps;
  const cache = new VersionedCache<ProviderInput>(capacity);
  /**
   * Service id → provider id (a service never changes provider), for a booking that names only the
   * service; bounded at ten services for each provider kept.
   */
  const providerOf = new Map<number, string>();
  const remember = (serviceId: number, providerId: string) => {
    providerOf.delete(serviceId);
    providerOf.set(serviceId, providerId);
    if (providerOf.size > capacity * 10) {
      // The oldest: a Map iterates in insertion order.
      const oldest = providerOf.keys().next();
      if (!oldest.done) providerOf.delete(oldest.value);
    }
  };

  /** The provider's input at `version`, which the caller read just before; null when they are no provider. */
  async function at(providerId: string, version: number): Promise<ProviderInput | null> {
    const kept = cache.get(providerId, version);
    if (kept) return kept;
    const provider = await findProvider(db, { id: providerId });
    if (!provider) return null;
    const entry: ProviderInput = {
      version,
      provider,
      policy: await deps.availability.policy(providerId),
      services: new Map(),
      hours: new Map(),
      extendedIn: -1,
    };
    cache.set(providerId, version, entry);
    return entry;
  }

  /** The input of the service's provider at their version read now (one statement when it is kept); null when the service is not there. */
  async function current(serviceId: number): Promise<ProviderInput | null> {
    const [row] = await db
      .select({ providerId: services.providerId, version: versionOf(qualified(services.providerId)) })
      .from(services)
      .where(eq(services.id, serviceId));
    if (!row) return null;
    remember(serviceId, row.providerId);
    return at(row.providerId, row.version);
  }

  return {
    at,
    current,

    /**
     * The input of the service's provider as this process last kept it, whatever its version, with
     * no statement; read now when none is kept. Only for work that compares `version` with the
     * provider's current one afterwards (a booking, under the provider's lock).
     */
    async kept(serviceId: number): Promise<ProviderInput | null> {
      const providerId = providerOf.get(serviceId);
      return (providerId === undefined ? undefined : cache.latest(providerId)?.value) ?? current(serviceId);
    },

    /** The provider's live service `serviceId`, or null. */
    async service(entry: ProviderInput, serviceId: number): Promise<ServiceListRow | null> {
      const kept = entry.services.get(serviceId);
      if (kept) return kept;
      const found = await findLiveService(db, serviceId);
      if (!found || found.service.providerId !== entry.provider.id) return null;
      entry.services.set(serviceId, found);
      remember(serviceId, entry.provider.id);
      return found;
    },

    /** Working hours, time off and holidays for the years [from, to) touches, in the provider's zone. */
    hours(entry: ProviderInput, from: Date, to: Date): Promise<ProviderAvailability> {
      const key = `${from.getUTCFullYear()}-${to.getUTCFullYear()}`;
      let years = entry.hours.get(key);
      if (!years) {
        entry.hours.set(key, (years = deps.availability.forSlotEngine(entry.provider, from.getUTCFullYear(), to.getUTCFullYear())));
        years.catch(() => entry.hours.delete(key)); // a failed read is not kept
      }
      return years;
    },

    /**
     * Extends the provider's class timetables to the booking horizon (occurrences are listed, and
     * block appointment times, only once they exist, and a timetable extended later must not land on
     * a booking), unless that was done in this quarter hour at this version: the horizon reaches a
     * date in the provider's zone, zones are offset by whole quarter hours, and a new or changed
     * timetable is a new version. True when it ran: what it added is busy time, to be read again.
     */
    async extend(entry: ProviderInput, now: Date): Promise<boolean> {
      const quarterHour = Math.floor(now.getTime() / QUARTER_HOUR_MS);
      if (entry.extendedIn === quarterHour) return false;
      await deps.classes.extendTimetables(entry.provider, entry.policy);
      entry.extendedIn = quarterHour;
      return true;
    },
  };
}
