import { useMutation } from '@tanstack/react-query';
import type { createdMembershipSchema } from '@slotted/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api-client.ts';

/**
 * POST /api/memberships {plan_id}: an unconfirmed purchase held for a few minutes, like a booking
 * (docs/product-rules.md#memberships-and-credits); answers with its id for the checkout page.
 * 401 signed out, 409 when the plan is no longer sold.
 */
export async function buyPlan(planId: number): Promise<z.infer<typeof createdMembershipSchema>> {
  return apiData('createMembership', { json: { plan_id: planId } });
}

export function useBuyPlan() {
  return useMutation({ mutationFn: buyPlan });
}
