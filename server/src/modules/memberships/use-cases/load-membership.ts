/** Reading memberships with everything their answer shows, presenting them to a viewer, and locking one. */
import type { Membership } from '@slotted/contract';
import type { Db, Tx } from '../../../db/client.ts';
import type { UserRow } from '../../users/index.ts';
import { loadMembershipFacts, type MembershipFilter } from '../membership-credits.queries.ts';
import { presentMembership, type PresentMembershipInput } from '../memberships.presenter.ts';
import { membershipContext, paymentsOfMemberships, servicesByIds } from '../memberships.queries.ts';
import { membershipNotFound, type MembershipsDeps, type Viewer } from './memberships-deps.ts';

/** Memberships with everything their answer shows, in the loader's order. */
export async function loadMemberships(
  executor: Db | Tx,
  filter: MembershipFilter,
  withServices: boolean,
): Promise<PresentMembershipInput[]> {
  const facts = await loadMembershipFacts(executor, filter);
  const ids = facts.map((f) => f.row.id);
  const context = await membershipContext(executor, ids);
  const contextOf = (id: string) => {
    const found = context.get(id);
    if (!found) throw new Error(`Membership ${id} has no client or provider`);
    return found;
  };
  const payments = await paymentsOfMemberships(executor, ids);
  const services = withServices
    ? await servicesByIds(executor, [...new Set(facts.flatMap((f) => f.groups.flatMap((g) => g.serviceIds)))])
    : new Map();
  return facts.map((f) => ({
    facts: f,
    context: contextOf(f.row.id),
    services,
    payments: payments.filter((p) => p.membershipId === f.row.id),
  }));
}

export const presentTo = (deps: MembershipsDeps, viewer: Viewer, input: PresentMembershipInput, withServices = true): Membership =>
  presentMembership(input, { viewerId: viewer.id, now: deps.clock.now(), paymentOptions: deps.paymentOptions, withServices });

/** One membership as its buyer or its provider sees it. */
export async function oneMembership(
  deps: MembershipsDeps,
  executor: Db | Tx,
  viewer: Viewer,
  id: string,
): Promise<{ membership: Membership; providerEmail: string }> {
  const [found] = await loadMemberships(executor, { ids: [id] }, true);
  if (!found || (found.facts.row.clientId !== viewer.id && found.facts.row.providerId !== viewer.id)) throw membershipNotFound();
  return { membership: presentTo(deps, viewer, found), providerEmail: found.context.provider.email };
}

/** Locks the membership for the rest of the transaction: the buyer's own (or, with `asProvider`, one the viewer sold). */
export async function lockOwn(tx: Tx, viewer: UserRow, id: string, asProvider = false) {
  const [f] = await loadMembershipFacts(
    tx,
    { ids: [id], ...(asProvider ? { providerId: viewer.id } : { clientId: viewer.id }) },
    { lock: true },
  );
  if (!f) throw membershipNotFound();
  return f;
}
