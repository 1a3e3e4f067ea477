import { useMutation } from '@tanstack/react-query';
import type { Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';

/**
 * POST /api/memberships/{id}/confirm-without-payment (pay in person): answers with the confirmed
 * membership; 409 purchase_expired when the hold ran out, plan_unavailable when the plan is no
 * longer sold; 403 payment_required when the provider takes payment online.
 */
export async function confirmMembership(id: string): Promise<Membership> {
  return apiData('confirmMembershipWithoutPayment', { params: { id } });
}

/** The page puts the answer in place itself, a second later (docs/product-rules.md#appointment-confirmation). */
export function useConfirmMembership() {
  return useMutation({ mutationFn: confirmMembership });
}
