/**
 * A place offered from a class's waitlist (docs/product-rules.md#waitlist): an ordinary held
 * booking, so it counts against capacity through `slots.seats_taken` (and its CHECK) like any
 * hold, and the client confirms it through the usual checkout. With `autoBook` and a membership
 * credit that covers the class, it is confirmed at once with that credit instead.
 * Runs in the waitlist's transaction, under the provider's lock.
 */
import type { Tx } from '../../../db/client.ts';
import { usableMemberships } from '../../../domain/memberships/index.ts';
import { loadMembershipFacts, toDomainMembership } from '../../memberships/index.ts';
import { insertUnlessTaken, releaseSeats, takeSeat } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { markConfirmed } from './confirm-booking.ts';

export interface PlaceToOffer {
  clientId: string;
  providerId: string;
  serviceId: number;
  priceCents: number;
  slot: { id: number; startsAt: Date; endsAt: Date };
  /** When the offer lapses. */
  expiresAt: Date;
  autoBook: boolean;
}

/**
 * Takes a free place for the client: the held booking's id, and whether it was booked at once
 * with a credit; null when no place is free (or the client already has one: the database's
 * "one active place per client per occurrence").
 */
export async function offerPlace(
  deps: AppointmentsDeps,
  tx: Tx,
  p: PlaceToOffer,
  now: Date,
): Promise<{ id: string; booked: boolean } | null> {
  if (!(await takeSeat(tx, p.slot.id))) return null;
  const row = await insertUnlessTaken(tx, {
    clientId: p.clientId,
    providerId: p.providerId,
    serviceId: p.serviceId,
    slotId: p.slot.id,
    startsAt: p.slot.startsAt,
    endsAt: p.slot.endsAt,
    priceCents: p.priceCents,
    status: 'held',
    holdExpiresAt: p.expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) {
    await releaseSeats(tx, [p.slot.id]);
    return null;
  }
  if (!p.autoBook) return { id: row.id, booked: false };
  // The membership's row stays locked until this commits, as for any credit taken (deduct-membership).
  const facts = await loadMembershipFacts(tx, { clientId: p.clientId, providerId: p.providerId, confirmedOnly: true }, { lock: true });
  const [usable] = usableMemberships(facts.map(toDomainMembership), p.serviceId, p.slot.startsAt);
  if (!usable) return { id: row.id, booked: false };
  await markConfirmed(deps, tx, row, now, {
    paymentMethod: 'membership',
    membershipId: usable.membership.id,
    membershipGroupId: usable.groupId,
  });
  return { id: row.id, booked: true };
}
