/**
 * Buying a plan and living with the membership (docs/product-rules.md#memberships-and-credits): a
 * purchase is held like a booking (docs/product-rules.md#holds), confirmed in person, cancelled
 * (renewal stops, benefits last until the renewal day), paid in person per period; My passes lists
 * memberships and the services they or earlier payments cover. One transaction per use case; the
 * membership row is locked in each change so two requests never both act on what the other
 * changes.
 */
import {
  HOLD_TTL_MINUTES,
  MAX_LIVE_HOLDS_PER_PROVIDER,
  type Membership,
  type PurchasedService,
  type listMembershipsQuery,
} from '@slotted/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { cancellable, membershipState, membershipSummary, serviceAvailability } from '../../domain/memberships/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { enforceRateLimits, minutesText } from '../../plugins/rate-limit.ts';
import { imageUrl } from '../images/index.ts';
import type { UserRow } from '../users/index.ts';
import { loadMembershipFacts, snapshotPlanGroups, toDomainMembership, type MembershipFilter } from './membership-credits.queries.ts';
import { membershipCancelledEmails, purchaseConfirmedEmails } from './memberships.emails.ts';
import {
  bookingPaymentsOf,
  findLiveHoldOf,
  findPlanWithProvider,
  insertMembership,
  insertPayment,
  isPlanDeleted,
  livePurchaseHoldsWith,
  lockUser,
  membershipContext,
  paymentsOfMemberships,
  servicesBoughtBy,
  servicesByIds,
  updateMembership,
  usersByIds,
} from './memberships.queries.ts';
import {
  periodPaid,
  presentMembership,
  presentPayment,
  presentService,
  type PaymentOptionsRule,
  type PresentMembershipInput,
} from './memberships.presenter.ts';

export interface MembershipsDeps {
  db: Db;
  clock: Clock;
  mail: MailOutbox;
  appUrl: string;
  /** The booking's payment-option rule, with this installation's card payments (docs/product-rules.md#payments). */
  paymentOptions: PaymentOptionsRule;
  /** Buying is rate limited like booking: per signed-in user and per client address, in a window of minutes. */
  bookingLimits: { perUser: number; perIp: number; windowMinutes: number };
}

/** Other people's memberships answer 404 like missing ones (docs/product-rules.md#roles-and-accounts). */
const notFound = () => new AppError('not_found', 'Membership not found.');

export function membershipsService(deps: MembershipsDeps) {
  const { db, clock } = deps;

  /** Memberships with everything their answer shows, in the loader's order. */
  async function load(executor: Db | Tx, filter: MembershipFilter, withServices: boolean): Promise<PresentMembershipInput[]> {
    const facts = await loadMembershipFacts(executor, filter);
    const ids = facts.map((f) => f.row.id);
    const context = await membershipContext(executor, ids);
    const payments = await paymentsOfMemberships(executor, ids);
    const services = withServices
      ? await servicesByIds(executor, [...new Set(facts.flatMap((f) => f.groups.flatMap((g) => g.serviceIds)))])
      : new Map();
    return facts.map((f) => ({
      facts: f,
      context: context.get(f.row.id)!,
      services,
      payments: payments.filter((p) => p.membershipId === f.row.id),
    }));
  }

  const present = (viewer: UserRow, input: PresentMembershipInput, withServices = true): Membership =>
    presentMembership(input, { viewerId: viewer.id, now: clock.now(), paymentOptions: deps.paymentOptions, withServices });

  /** One membership as its buyer or its provider sees it. */
  async function one(executor: Db | Tx, viewer: UserRow, id: string): Promise<{ membership: Membership; providerEmail: string }> {
    const [found] = await load(executor, { ids: [id] }, true);
    if (!found || (found.facts.row.clientId !== viewer.id && found.facts.row.providerId !== viewer.id)) throw notFound();
    return { membership: present(viewer, found), providerEmail: found.context.provider.email };
  }

  /** Locks the membership for the rest of the transaction: the buyer's own (or, with `asProvider`, one the viewer sold). */
  async function lockOwn(tx: Tx, viewer: UserRow, id: string, asProvider = false) {
    const [f] = await loadMembershipFacts(
      tx,
      { ids: [id], ...(asProvider ? { providerId: viewer.id } : { clientId: viewer.id }) },
      { lock: true },
    );
    if (!f) throw notFound();
    return f;
  }

  /**
   * One client cannot hold every plan (docs/product-rules.md#holds): at most
   * MAX_LIVE_HOLDS_PER_PROVIDER live purchases with one provider.
   */
  async function checkHoldLimit(tx: Tx, viewer: UserRow, provider: { id: string; name: string }, now: Date): Promise<void> {
    const holds = await livePurchaseHoldsWith(tx, viewer.id, provider.id, now);
    if (holds.count < MAX_LIVE_HOLDS_PER_PROVIDER) return;
    const wait = Math.max(1, Math.ceil(((holds.firstExpiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
    throw new AppError(
      'too_many_holds',
      `You already have ${holds.count} unconfirmed purchases with ${provider.name}. Confirm one of them, or try again in ${minutesText(wait)} when the first is released.`,
      { retryAfterSeconds: wait },
    );
  }

  return {
    /** POST /api/memberships: holds a purchase of the plan; repeating it while the hold lives returns the same one. */
    async create(viewer: UserRow, planId: number, ip: string): Promise<{ id: string; created: boolean }> {
      const limits = deps.bookingLimits;
      await enforceRateLimits(
        db,
        [
          { key: `purchase:ip:${ip}`, limit: limits.perIp },
          { key: `purchase:user:${viewer.id}`, limit: limits.perUser },
        ],
        limits.windowMinutes * 60_000,
        clock.now(),
        'purchase attempts',
      );
      const found = await findPlanWithProvider(db, planId);
      if (!found) throw new AppError('not_found', 'Plan not found.');
      const { plan, provider } = found;
      if (provider.id === viewer.id) throw new AppError('forbidden', 'You cannot buy your own plan.');
      if (plan.deletedAt) throw new AppError('plan_unavailable');
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockUser(tx, viewer.id);
        const existing = await findLiveHoldOf(tx, viewer.id, plan.id, now);
        if (existing) return { id: existing, created: false };
        await checkHoldLimit(tx, viewer, provider, now);
        const id = await insertMembership(tx, {
          clientId: viewer.id,
          providerId: provider.id,
          planId: plan.id,
          // What was bought, as it was when bought.
          name: plan.name,
          priceCents: plan.priceCents,
          interval: plan.interval,
          expiresInMonths: plan.expiresInMonths,
          status: 'held',
          holdExpiresAt: addMinutes(now, HOLD_TTL_MINUTES),
          createdAt: now,
        });
        await snapshotPlanGroups(tx, id, plan.id);
        return { id, created: true };
      });
    },

    async get(viewer: UserRow, id: string): Promise<Membership> {
      return (await one(db, viewer, id)).membership;
    },

    /** Pay in person: the purchase becomes an active membership starting now (idempotent once confirmed). */
    async confirmWithoutPayment(viewer: UserRow, id: string): Promise<Membership> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const f = await lockOwn(tx, viewer, id);
        if (f.row.confirmedAt) return (await one(tx, viewer, id)).membership;
        if (f.row.status !== 'held' || (f.row.holdExpiresAt?.getTime() ?? 0) <= now.getTime()) throw new AppError('purchase_expired');
        const context = (await membershipContext(tx, [id])).get(id)!;
        if (!deps.paymentOptions(context.provider, true).includes('in_person')) {
          throw new AppError('payment_required', `${context.provider.name} takes payment online, which is not available yet.`);
        }
        if (await isPlanDeleted(tx, f.row.planId)) throw new AppError('plan_unavailable');
        await updateMembership(tx, id, {
          status: 'active',
          confirmedAt: now,
          holdExpiresAt: null,
          paymentMethod: 'in_person',
          renews: f.row.interval === 'month',
        });
        const { membership, providerEmail } = await one(tx, viewer, id);
        await deps.mail.queue(tx, purchaseConfirmedEmails(membership, providerEmail, deps.appUrl));
        return membership;
      });
    },

    /** Stops renewal of an active monthly membership; its benefits last until the renewal day. */
    async cancel(viewer: UserRow, id: string): Promise<Membership> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const f = await lockOwn(tx, viewer, id);
        if (!f.row.confirmedAt || !cancellable(toDomainMembership(f), now)) {
          throw new AppError('conflict', 'Only an active membership that renews can be cancelled.');
        }
        await updateMembership(tx, id, { status: 'cancelled', cancelledAt: now, renews: false });
        const { membership, providerEmail } = await one(tx, viewer, id);
        await deps.mail.queue(tx, membershipCancelledEmails(membership, providerEmail, deps.appUrl));
        return membership;
      });
    },

    /** The provider received the current period's price in person: a payment row names that period. */
    async markPaid(viewer: UserRow, id: string): Promise<Membership> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const f = await lockOwn(tx, viewer, id, true);
        const period = f.row.confirmedAt ? membershipSummary(toDomainMembership(f), now).period : null;
        if (!period) throw new AppError('conflict', 'Only an active membership can be marked as paid.');
        if (periodPaid(await paymentsOfMemberships(tx, [id]), period.startMs))
          throw new AppError('conflict', 'This period is already paid.');
        await insertPayment(tx, {
          payerId: f.row.clientId,
          providerId: f.row.providerId,
          membershipId: id,
          amountCents: f.row.priceCents,
          method: 'in_person',
          status: 'succeeded',
          periodStart: new Date(period.startMs),
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        });
        if (!f.row.paidAt) await updateMembership(tx, id, { paidAt: now });
        return (await one(tx, viewer, id)).membership;
      });
    },

    /** The viewer's own confirmed memberships, or (a provider, `client_id`) those a client bought from them; newest first. */
    async list(viewer: UserRow, q: z.output<typeof listMembershipsQuery>): Promise<Membership[]> {
      if (q.client_id !== undefined && !viewer.isProvider)
        throw new AppError('forbidden', 'Only providers can see their clients’ memberships.');
      const filter: MembershipFilter =
        q.client_id !== undefined
          ? { clientId: q.client_id, providerId: viewer.id, confirmedOnly: true }
          : { clientId: viewer.id, confirmedOnly: true };
      const withServices = q.include === 'services';
      const found = await load(db, filter, withServices);
      return found
        .sort((a, b) => b.facts.row.confirmedAt!.getTime() - a.facts.row.confirmedAt!.getTime())
        .map((m) => present(viewer, m, withServices));
    },

    /**
     * My passes → Services (docs/product-rules.md#memberships-and-credits): every service a
     * membership active now covers, with the sessions its credits still allow, and every service
     * booked and paid for without one, with those bookings' payments. By service name.
     */
    async purchasedServices(viewer: UserRow): Promise<PurchasedService[]> {
      const now = clock.now();
      const facts = await loadMembershipFacts(db, { clientId: viewer.id, confirmedOnly: true });
      const held = facts.map(toDomainMembership);
      const names = new Map(facts.map((f) => [f.row.id, f.row.name]));
      const available = new Map(serviceAvailability(held, now).map((a) => [a.serviceId, a]));
      const coveredBy = new Map<number, { id: string; name: string }[]>();
      for (const m of held) {
        if (!membershipState(m, now).active) continue;
        for (const serviceId of new Set(m.groups.flatMap((g) => g.serviceIds))) {
          coveredBy.set(serviceId, [...(coveredBy.get(serviceId) ?? []), { id: m.id, name: names.get(m.id)! }]);
        }
      }
      const serviceIds = [...new Set([...available.keys(), ...(await servicesBoughtBy(db, viewer.id))])];
      const services = await servicesByIds(db, serviceIds);
      const providers = await usersByIds(db, [...new Set([...services.values()].map((s) => s.providerId))]);
      const payments = await bookingPaymentsOf(db, viewer.id, serviceIds);
      return [...services.values()]
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
        .map((s) => {
          const provider = providers.get(s.providerId)!;
          return {
            service: { ...presentService(s), location: s.location },
            provider: { id: provider.id, name: provider.name, username: provider.username, avatar: imageUrl(provider.avatarImageId) },
            available_count: available.get(s.id)?.available_count ?? 0,
            availability: [...(available.get(s.id)?.availability ?? [])],
            memberships: coveredBy.get(s.id) ?? [],
            payments: payments.filter((p) => p.serviceId === s.id).map((p) => presentPayment(p.payment)),
          };
        });
    },
  };
}
