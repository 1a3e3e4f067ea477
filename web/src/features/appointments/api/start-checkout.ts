import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/**
 * POST /api/appointments/{id}/checkout (docs/product-rules.md#confirmation-and-payment-options):
 * starts a card payment and answers with the payment's client secret for the embedded card element.
 * Offered only when the provider is connected to the card payment provider and card payments are
 * set up (docs/product-rules.md#payments).
 */
export async function startCheckout(id: string): Promise<{ client_secret: string }> {
  return apiData<{ client_secret: string }>(`/api/appointments/${encodeURIComponent(id)}/checkout`, { method: 'POST' });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
