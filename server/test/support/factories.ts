/**
 * Rows for tests, written straight into the database with Drizzle. A test about bookings,
 * classes or settings starts from a built provider, services and signed-in clients instead of
 * signing everyone up by e-mail: that flow has its own tests (auth.test.ts, social.test.ts).
 * Each builder leaves its rows as the app's own flow would (sign-up, account settings, the
 * availability forms, booking), with defaults a test overrides only where it matters; a change of
 * the provider's public data bumps their data version, as the app's writes do
 * (docs/decisions/0008-public-data-version.md).
 *
 * No Vitest here: the race benchmark builds its fixture with these too.
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CAPACITY, HOLD_TTL_MINUTES, minutesOfDay } from '@slotted/contract';
import type { Db } from '../../src/db/client.ts';
import {
  appointments,
  memberships,
  planGroups,
  planGroupServices,
  plans,
  policies,
  services,
  slots,
  users,
  workDays,
} from '../../src/db/schema.ts';
import { snapshotPlanGroups } from '../../src/modules/memberships/index.ts';
import { bumpProviderVersion } from '../../src/modules/public-cache/index.ts';
import { addMinutes, type Clock } from '../../src/lib/clock.ts';
import { randomToken, sha256 } from '../../src/lib/tokens.ts';
import { insertSession } from '../../src/plugins/sessions.queries.ts';
import { sessionCookieName, xsrfToken, XSRF_COOKIE } from '../../src/plugins/auth.ts';
import type { Config } from '../../src/config.ts';
import type { Agent } from './agent.ts';
import { must } from './must.ts';

/** Where rows go and what time it is there: a TestApp is one. */
export interface Store {
  db: Db;
  clock: Clock;
}

type UserRow = typeof users.$inferSelect;
type ServiceRow = typeof services.$inferSelect;
type SlotRow = typeof slots.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** Unique e-mails and usernames for rows whose test does not name them. */
let sequence = 0;
const nextNumber = () => ++sequence;

/** A person who finished "Set up your account": a client until they become a provider. */
export async function buildUser(store: Store, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const now = store.clock.now();
  const [row] = await store.db
    .insert(users)
    .values({
      email: `person-${nextNumber()}@example.com`,
      name: 'Ana',
      timezone: 'Europe/Madrid',
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return must(row, 'row');
}

/**
 * A user who became a provider in account settings: a username and the provider flag. Until
 * buildWorkDays or buildPolicy, hours and policy are the defaults, as for a new provider
 * (Monday–Friday 08:00–17:00, one hour's notice, 30 days ahead, refunds up to 24 hours before).
 */
export async function buildProvider(store: Store, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  return buildUser(store, { name: 'Studio', username: `studio${nextNumber()}`, isProvider: true, ...overrides });
}

/** The booking policy form, saved (again, if the provider already has one). */
export async function buildPolicy(
  store: Store,
  provider: UserRow,
  overrides: Partial<Omit<typeof policies.$inferInsert, 'providerId'>> = {},
) {
  const values = {
    minHoursBeforeBooking: 1,
    maxDaysBeforeBooking: 30,
    minHoursBeforeCancellation: 24,
    termsHtml: '',
    updatedAt: store.clock.now(),
    ...overrides,
  };
  const [row] = await store.db
    .insert(policies)
    .values({ providerId: provider.id, ...values })
    .onConflictDoUpdate({ target: policies.providerId, set: values })
    .returning();
  await bumpProviderVersion(store.db, provider.id);
  return must(row, 'row');
}

/**
 * The working-hours form, saved: all seven days, the given ISO weekdays worked from `from` to
 * `to` (HH:MM in the provider's zone), the others off.
 */
export async function buildWorkDays(
  store: Store,
  provider: UserRow,
  hours: { weekdays?: number[]; from?: string; to?: string } = {},
): Promise<void> {
  const worked = hours.weekdays ?? [1, 2, 3, 4, 5];
  const fromMinute = minutesOfDay(hours.from ?? '08:00');
  const toMinute = minutesOfDay(hours.to ?? '17:00');
  await store.db.delete(workDays).where(eq(workDays.providerId, provider.id));
  await store.db.insert(workDays).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      providerId: provider.id,
      weekday,
      available: worked.includes(weekday),
      fromMinute,
      toMinute,
    })),
  );
  await bumpProviderVersion(store.db, provider.id);
}

/** A service in the provider's catalog: an appointment seats one client, a class the default capacity unless given. */
export async function buildService(
  store: Store,
  provider: UserRow,
  overrides: Partial<Omit<typeof services.$inferInsert, 'providerId'>> = {},
): Promise<ServiceRow> {
  const now = store.clock.now();
  const type = overrides.type ?? 'appointment';
  const [row] = await store.db
    .insert(services)
    .values({
      name: type === 'class' ? 'Yoga' : 'Massage',
      type,
      priceCents: 4000,
      durationMinutes: 60,
      createdAt: now,
      updatedAt: now,
      ...overrides,
      providerId: provider.id,
      capacity: type === 'appointment' ? DEFAULT_CAPACITY.appointment : (overrides.capacity ?? DEFAULT_CAPACITY.class),
    })
    .returning();
  await bumpProviderVersion(store.db, provider.id);
  return must(row, 'row');
}

/**
 * A plan in the provider's catalog, as the plan drawer saves it: a monthly membership unless
 * `expiresInMonths` is given, granting `quantity` bookings of each group's services per period.
 */
export async function buildPlan(
  store: Store,
  provider: UserRow,
  overrides: Partial<Omit<typeof plans.$inferInsert, 'providerId'>> & { groups?: { quantity: number; services: ServiceRow[] }[] } = {},
): Promise<PlanRow> {
  const now = store.clock.now();
  const { groups = [], ...columns } = overrides;
  const single = columns.expiresInMonths != null;
  return store.db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(plans)
      .values({
        name: 'Monthly membership',
        priceCents: 8000,
        interval: single ? null : 'month',
        createdAt: now,
        updatedAt: now,
        ...columns,
        providerId: provider.id,
      })
      .returning();
    for (const [position, group] of groups.entries()) {
      const [row] = await tx
        .insert(planGroups)
        .values({ planId: must(plan, 'plan').id, quantity: group.quantity, position })
        .returning();
      await tx.insert(planGroupServices).values(group.services.map((service) => ({ groupId: must(row, 'row').id, serviceId: service.id })));
    }
    return must(plan, 'plan');
  });
}

/** One occurrence of a class, outside any timetable (as a one-off class, without its repeater). */
/**
 * A client's membership of `plan`, bought (confirmed) at `confirmedAt` (default: now) and paid in
 * person unless `paidAt: null`; its groups are copied from the plan as a purchase does.
 */
export async function buildMembership(
  store: Store,
  client: UserRow,
  plan: PlanRow,
  overrides: Partial<Omit<typeof memberships.$inferInsert, 'clientId' | 'providerId' | 'planId'>> = {},
): Promise<typeof memberships.$inferSelect> {
  const now = store.clock.now();
  return store.db.transaction(async (tx) => {
    const confirmedAt = overrides.confirmedAt === undefined ? now : overrides.confirmedAt;
    const [membership] = await tx
      .insert(memberships)
      .values({
        name: plan.name,
        priceCents: plan.priceCents,
        interval: plan.interval,
        expiresInMonths: plan.expiresInMonths,
        status: confirmedAt ? 'active' : 'held',
        holdExpiresAt: confirmedAt ? null : addMinutes(now, HOLD_TTL_MINUTES),
        confirmedAt,
        paymentMethod: 'in_person',
        paidAt: confirmedAt,
        renews: plan.interval === 'month',
        createdAt: now,
        ...overrides,
        clientId: client.id,
        providerId: plan.providerId,
        planId: plan.id,
      })
      .returning();
    await snapshotPlanGroups(tx, must(membership, 'membership').id, plan.id);
    return must(membership, 'membership');
  });
}

export async function buildOccurrence(store: Store, service: ServiceRow, startsAt: Date | string): Promise<SlotRow> {
  const start = new Date(startsAt);
  const [row] = await store.db
    .insert(slots)
    .values({
      providerId: service.providerId,
      serviceId: service.id,
      startsAt: start,
      endsAt: addMinutes(start, service.durationMinutes),
      capacity: service.capacity,
      createdAt: store.clock.now(),
    })
    .returning();
  return must(row, 'row');
}

/**
 * A booking of `service` by `client`, at `startsAt` or in the class occurrence `slot`: held for
 * ten minutes from now, confirmed (in person) or cancelled by the client. A held or confirmed
 * place in a class takes one of its seats, as booking does.
 */
export async function buildAppointment(
  store: Store,
  booking: { client: UserRow; service: ServiceRow; status?: 'held' | 'confirmed' | 'cancelled' } & (
    { startsAt: Date | string } | { slot: SlotRow }
  ),
  overrides: Partial<typeof appointments.$inferInsert> = {},
): Promise<AppointmentRow> {
  const now = store.clock.now();
  const { client, service } = booking;
  const status = booking.status ?? 'confirmed';
  const slot = 'slot' in booking ? booking.slot : null;
  const startsAt = 'slot' in booking ? booking.slot.startsAt : new Date(booking.startsAt);
  const when = {
    held: { holdExpiresAt: addMinutes(now, HOLD_TTL_MINUTES) },
    confirmed: { confirmedAt: now, paymentMethod: 'in_person' as const },
    cancelled: { confirmedAt: now, paymentMethod: 'in_person' as const, cancelledAt: now, cancelledBy: client.id },
  }[status];
  return store.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appointments)
      .values({
        clientId: client.id,
        providerId: service.providerId,
        serviceId: service.id,
        slotId: slot?.id ?? null,
        startsAt,
        endsAt: slot ? slot.endsAt : addMinutes(startsAt, service.durationMinutes),
        priceCents: service.priceCents,
        status,
        createdAt: now,
        updatedAt: now,
        ...when,
        ...overrides,
      })
      .returning();
    if (slot && must(row, 'row').status !== 'cancelled')
      await tx
        .update(slots)
        .set({ seatsTaken: sql`${slots.seatsTaken} + 1` })
        .where(eq(slots.id, slot.id));
    return must(row, 'row');
  });
}

/** A signed-in browser's cookies for `user`: a session row as signing in writes one, and its XSRF token. */
export async function startSession(
  store: Store,
  config: Pick<Config, 'secure' | 'sessionSecret'>,
  user: UserRow,
): Promise<{ name: string; value: string; xsrf: string }> {
  const raw = randomToken();
  await insertSession(store.db, sha256(raw), user.id, store.clock.now(), null);
  return { name: sessionCookieName(config), value: raw, xsrf: xsrfToken(config.sessionSecret, randomToken(24), sha256(raw)) };
}

/**
 * Saves a provider's booking policies through the API, as the Policies page does: 1 hour's notice,
 * 30 days ahead, 24 hours to cancel and no terms, changed by `change`.
 */
export function savePolicies(provider: Agent, change: object = {}) {
  return provider.post('/api/policies', {
    min_hours_before_booking: 1,
    max_days_before_booking: 30,
    min_hours_before_cancellation: 24,
    terms_of_service: '',
    ...change,
  });
}

/** Signs `agent` (a new one of the app by default) in as `user`, without the e-mail round trip. */
export async function signIn(t: Store & { config: Config; agent(): Agent }, user: UserRow, agent = t.agent()): Promise<Agent> {
  const session = await startSession(t, t.config, user);
  agent.jar.set(session.name, session.value);
  agent.jar.set(XSRF_COOKIE, session.xsrf);
  return agent;
}
