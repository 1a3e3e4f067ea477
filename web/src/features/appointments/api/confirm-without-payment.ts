import { useMutation } from '@tanstack/react-query';
import type { Appointment } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';

/**
 * POST /api/appointments/{id}/confirm-without-payment (pay in person, or re-book): answers with the
 * confirmed booking. 409 hold_expired when the hold ran out; 403 when the provider asks for payment.
 */
export async function confirmWithoutPayment(id: string): Promise<Appointment> {
  return apiData('confirmWithoutPayment', { params: { id } });
}

/**
 * The page itself puts the answer in place (one second later:
 * docs/product-rules.md#appointment-confirmation), so this hook leaves the cache alone.
 */
export function useConfirmWithoutPayment() {
  return useMutation({ mutationFn: confirmWithoutPayment });
}
