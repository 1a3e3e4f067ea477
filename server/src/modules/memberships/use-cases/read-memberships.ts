/** Reading memberships: one, a list, and My passes → Services. */
import type { Membership, PurchasedService, listMembershipsQuery } from '@slotted/contract';
import type { z } from 'zod';
import { membershipState, serviceAvailability } from '../../../domain/memberships/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { imageUrl } from '../../images/index.ts';
import type { UserRow } from '../../users/index.ts';
import { loadMembershipFacts, toDomainMembership, type MembershipFilter } from '../membership-credits.queries.ts';
import { presentPayment, presentService, tookMoney } from '../memberships.presenter.ts';
import { bookingPaymentsOf, servicesBoughtBy, servicesByIds, usersByIds } from '../memberships.queries.ts';
import { loadMemberships, oneMembership, presentTo } from './load-membership.ts';
import type { MembershipsDeps } from './memberships-deps.ts';

/**
 * GET /api/memberships/{id}. Back from a redirect-based card payment (`sessionId`, its
 * PaymentIntent), the payment is checked with Stripe first: the client may arrive before the webhook.
 */
export async function getMembership(
  deps: MembershipsDeps,
  viewer: UserRow,
  id: string,
  sessionId: string | undefined,
  ip: string,
): Promise<Membership> {
  if (sessionId) await deps.payments?.syncIntent(sessionId, { payerId: viewer.id, membershipId: id, ip });
  return (await oneMembership(deps, deps.db, viewer, id)).membership;
}

/** The viewer's own confirmed memberships, or (a provider, `client_id`) those a client bought from them; newest first. */
export async function listMemberships(
  deps: MembershipsDeps,
  viewer: UserRow,
  q: z.output<typeof listMembershipsQuery>,
): Promise<Membership[]> {
  if (q.client_id !== undefined && !viewer.isProvider)
    throw new AppError('forbidden', 'Only providers can see their clients’ memberships.');
  const filter: MembershipFilter =
    q.client_id !== undefined
      ? { clientId: q.client_id, providerId: viewer.id, confirmedOnly: true }
      : { clientId: viewer.id, confirmedOnly: true };
  const withServices = q.include === 'services';
  const found = await loadMemberships(deps.db, filter, withServices);
  return found.sort((a, b) => confirmedMs(b) - confirmedMs(a)).map((m) => presentTo(deps, viewer, m, withServices));
}

/**
 * My passes → Services (docs/product-rules.md#memberships-and-credits): every service a
 * membership active now covers, with the sessions its credits still allow, and every service
 * booked and paid for without one, with those bookings' payments. By service name.
 */
export async function purchasedServices(deps: MembershipsDeps, viewer: UserRow): Promise<PurchasedService[]> {
  const { db } = deps;
  const now = deps.clock.now();
  const facts = await loadMembershipFacts(db, { clientId: viewer.id, confirmedOnly: true });
  const held = facts.map(toDomainMembership);
  const available = new Map(serviceAvailability(held, now).map((a) => [a.serviceId, a]));
  const coveredBy = new Map<number, { id: string; name: string }[]>();
  // A group covering several services shares its credits among them: each one's count is not its own.
  const shared = new Set<number>();
  for (const f of facts) {
    const m = toDomainMembership(f);
    if (!membershipState(m, now).active) continue;
    for (const serviceId of new Set(m.groups.flatMap((g) => g.serviceIds))) {
      coveredBy.set(serviceId, [...(coveredBy.get(serviceId) ?? []), { id: m.id, name: f.row.name }]);
    }
    for (const group of m.groups) {
      const ids = new Set(group.serviceIds);
      if (ids.size > 1) for (const id of ids) shared.add(id);
    }
  }
  const serviceIds = [...new Set([...available.keys(), ...(await servicesBoughtBy(db, viewer.id))])];
  const services = await servicesByIds(db, serviceIds);
  const providers = await usersByIds(db, [...new Set([...services.values()].map((s) => s.providerId))]);
  const payments = await bookingPaymentsOf(db, viewer.id, serviceIds);
  return [...services.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((s) => {
      const provider = providers.get(s.providerId);
      if (!provider) throw new Error(`Service ${s.id}'s provider ${s.providerId} is gone`);
      return {
        service: { ...presentService(s), location: s.location },
        provider: { id: provider.id, name: provider.name, username: provider.username, avatar: imageUrl(provider.avatarImageId) },
        available_count: available.get(s.id)?.available_count ?? 0,
        availability: [...(available.get(s.id)?.availability ?? [])],
        memberships: coveredBy.get(s.id) ?? [],
        shares_credits: shared.has(s.id),
        payments: payments.filter((p) => p.serviceId === s.id && tookMoney(p.payment)).map((p) => presentPayment(p.payment)),
      };
    });
}

/** Confirmed memberships only are listed (confirmedOnly): each has its confirmation time. */
function confirmedMs(m: { facts: { row: { id: string; confirmedAt: Date | null } } }): number {
  if (!m.facts.row.confirmedAt) throw new Error(`Membership ${m.facts.row.id} is listed unconfirmed`);
  return m.facts.row.confirmedAt.getTime();
}
