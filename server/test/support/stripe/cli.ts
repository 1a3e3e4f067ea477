/**
 * `npm run stripe:test-server`: the Stripe test server on a fixed port (STRIPE_TEST_PORT, default
 * 12111), sending webhooks to STRIPE_TEST_WEBHOOK_URL, for running the app by hand without Stripe.
 * Its keys are fixed so that the app's configuration need not change between runs.
 */
import { startStripeTestServer } from '../stripe-test-server.ts';

const stripe = await startStripeTestServer({
  port: Number(process.env.STRIPE_TEST_PORT ?? 12111),
  webhookUrl: process.env.STRIPE_TEST_WEBHOOK_URL,
  webhookSecret: process.env.STRIPE_TEST_WEBHOOK_SECRET ?? 'whsec_slotted_local',
  secretKey: 'sk_test_slotted_local',
  publishableKey: 'pk_test_slotted_local',
});
console.log(`Stripe test server on ${stripe.url}
  secret key:      ${stripe.secretKey}
  publishable key: ${stripe.publishableKey}
  webhook secret:  ${stripe.webhookSecret}
  webhook URL:     ${process.env.STRIPE_TEST_WEBHOOK_URL ?? '(none: set STRIPE_TEST_WEBHOOK_URL)'}`);
process.once('SIGINT', () => void stripe.stop().then(() => process.exit(0)));
process.once('SIGTERM', () => void stripe.stop().then(() => process.exit(0)));
