import { useMutation } from '@tanstack/react-query';
import type { Appointment } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';

export interface DeductMembershipInput {
  id: string;
  membershipId: string;
}

/**
 * POST /api/appointments/{id}/deduct-membership {membership_id}
 * (docs/product-rules.md#confirmation-and-payment-options): confirms by using one credit of a
 * membership; 409 membership_unusable when it has none left for this session.
 */
export async function deductMembership({ id, membershipId }: DeductMembershipInput): Promise<Appointment> {
  return apiData('deductMembership', { params: { id }, json: { membership_id: membershipId } });
}

export function useDeductMembership() {
  return useMutation({ mutationFn: deductMembership });
}
