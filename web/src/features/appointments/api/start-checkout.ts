import type { Checkout } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';

/**
 * POST /api/appointments/{id}/checkout (docs/product-rules.md#confirmation-and-payment-options):
 * starts the card payment of a held booking and answers the PaymentIntent's client secret for the
 * Payment Element. The server prices it and makes one payment per booking, however often asked.
 */
export async function startCheckout(id: string): Promise<Checkout> {
  return apiData('appointmentCheckout', { params: { id } });
}

/** Caches a booking's client secret (apart from the booking's own keys, which are refreshed often). */
export const checkoutKey = (id: string) => ['checkout', 'appointment', id] as const;
