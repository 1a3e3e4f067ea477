/**
 * The one Stripe client of the server: the official SDK, pointed at STRIPE_API_URL — Stripe itself
 * in production, the project's Stripe-compatible server on loopback in tests and local runs. No
 * other code builds requests to Stripe.
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';

/** The SDK is imported here, on first use: about 20 MB that a server without card payments never loads. */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: api.hostname,
    port: Number(api.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    // Network failures are retried by the SDK with the same idempotency key, so never twice in effect.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Slotted', url: 'https://github.com/slotted' },
  });
}
