/**
 * A test app with card payments: the project's Stripe-compatible server on loopback, the app
 * configured for it (STRIPE_API_URL and its keys) and listening on a loopback port, so the server
 * delivers its signed webhooks over HTTP as Stripe would.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { users } from '../../src/db/schema.ts';
import type { UserRow } from '../../src/modules/users/index.ts';
import { startStripeTestServer, type StripeTestServer, type StripeTestServerOptions } from './stripe-test-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface StripeTestApp extends TestApp {
  stripe: StripeTestServer;
  /** The SDK, as a browser's Stripe.js or a test would act on Stripe's side (confirming payments…). */
  sdk: Stripe;
  /** The app's own address, where webhooks arrive. */
  url: string;
  /** Waits for every webhook to be delivered, then runs the jobs they queued (refunds, e-mails). */
  settle(): Promise<void>;
  /** Gives the provider a Stripe Express account that can take charges (as after onboarding). */
  connect(provider: UserRow): Promise<string>;
}

/** The events the app's webhook endpoint is set up for in production (README, "With Stripe test keys"). */
export const APP_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'account.updated',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

export async function createStripeTestApp(
  opts: Parameters<typeof createTestApp>[0] & { stripe?: StripeTestServerOptions } = {},
): Promise<StripeTestApp> {
  const stripe = await startStripeTestServer({ enabledEvents: APP_WEBHOOK_EVENTS, ...opts.stripe });
  const t = await createTestApp({
    ...opts,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...opts.env,
    },
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`${url}/api/stripe/webhook`);
  const sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: stripe.protocol });
  return {
    ...t,
    stripe,
    sdk,
    url,
    async settle() {
      await stripe.webhooksIdle();
      await t.app.jobs.runDue();
      await stripe.webhooksIdle();
      await t.app.jobs.runDue();
    },
    async connect(provider) {
      const account = await sdk.accounts.create({ type: 'express', email: provider.email });
      // The onboarding page completes the account, as a provider finishing Stripe's form would.
      await fetch(`${stripe.url}/onboarding/${account.id}?return_url=${encodeURIComponent(url)}`, { redirect: 'manual' });
      await t.db.update(users).set({ stripeAccountId: account.id, stripeConnected: true }).where(eq(users.id, provider.id));
      await stripe.webhooksIdle();
      return account.id;
    },
    async close() {
      await t.close();
      await stripe.stop();
    },
  };
}
