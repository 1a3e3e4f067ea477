/**
 * POST /api/appointments/{id}/deduct-membership: confirm the client's hold, or re-book their
 * cancelled booking, with one credit of their membership
 * (docs/product-rules.md#memberships-and-credits).
 */
import type { Appointment } from '@slotted/contract';
import { usableMemberships } from '../../../domain/memberships/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { loadMembershipFacts, toDomainMembership } from '../../memberships/index.ts';
import type { UserRow } from '../../users/index.ts';
import { missingPayment } from '../appointments.presenter.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import type { Settlement } from './confirm-booking.ts';
import { confirmWith } from './confirm-with.ts';

const unusable = () => new AppError('membership_unusable');

/**
 * Takes one credit of the client's confirmed membership `membershipId` with the booking's
 * provider. Its row stays locked until the confirmation commits, so simultaneous bookings
 * against its last credit count each other's use and only as many as it has left succeed. A
 * membership that is not the client's, or cannot pay for this session, is unusable alike.
 */
function withCredit(membershipId: string): Settlement {
  return {
    alreadySettled: (a) => a.membershipId === membershipId,
    paysConfirmed: true,
    async pay(tx, a) {
      if (!missingPayment(a)) throw new AppError('conflict', 'This booking is already paid.');
      const facts = await loadMembershipFacts(
        tx,
        { ids: [membershipId], clientId: a.clientId, providerId: a.providerId, confirmedOnly: true },
        { lock: true },
      );
      const [usable] = usableMemberships(facts.map(toDomainMembership), a.serviceId, a.startsAt);
      if (!usable) throw unusable();
      return { paymentMethod: 'membership', membershipId, membershipGroupId: usable.groupId };
    },
  };
}

export function deductMembership(deps: AppointmentsDeps, viewer: UserRow, id: string, membershipId: string): Promise<Appointment> {
  return confirmWith(deps, viewer, id, withCredit(membershipId));
}
