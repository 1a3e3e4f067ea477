/**
 * The journeys' shared fixtures: one SMTP inbox and one app process (fresh PGlite database,
 * demo seeded) per Playwright worker, shared by every spec that worker runs. Journeys therefore
 * see each other's data and must use their own e-mail addresses and usernames.
 *
 * Worker fixtures rather than Playwright's `webServer`: the captured e-mails have to be readable
 * in the tests' own process, and the app's configuration (a Google sign-in provider or none)
 * differs between specs. A spec that sets `googleAccounts` gets a worker (and app) of its own; so
 * does one that sets `stripe`: the Stripe test server on loopback, the app configured for it
 * (STRIPE_API_URL and its keys, webhooks sent to the app), and the Stripe.js stand-in served to
 * every page of the test's `context` (other contexts: `stripeJs(context)`).
 */
import { test as base, type BrowserContext } from '@playwright/test';
import { freePort, startApp, type RunningApp } from '../../server/test/support/app-process.ts';
import { startOidcProvider, type OidcTestProvider, type TestAccount } from '../../server/test/support/oidc-test-provider.ts';
import { startStripeTestServer, type StripeTestServer } from '../../server/test/support/stripe-test-server.ts';
import { startSmtp, type Inbox } from './smtp.ts';
import { serveStripeJs } from './stripe-js.ts';

interface WorkerFixtures {
  /** Accounts of a local OpenID provider configured as Google; null: no Google sign-in. */
  googleAccounts: Record<string, TestAccount> | null;
  smtp: Inbox;
  google: OidcTestProvider | null;
  /** Card payments through the Stripe test server. */
  stripe: boolean;
  stripeServer: StripeTestServer | null;
  appPort: number;
  app: RunningApp;
}

interface TestFixtures {
  /** Serves the Stripe.js stand-in to another browser context (the test's own has it already). */
  stripeJs: (context: BrowserContext) => Promise<void>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  googleAccounts: [null, { scope: 'worker', option: true }],
  stripe: [false, { scope: 'worker', option: true }],
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtp();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  // The port is chosen before the app starts because the OpenID provider must know the callback URL.
  appPort: [async ({}, use) => use(await freePort()), { scope: 'worker' }],
  google: [
    async ({ googleAccounts, appPort }, use) => {
      if (!googleAccounts) return use(null);
      const google = await startOidcProvider(`http://localhost:${appPort}/auth/social/google/callback`, googleAccounts);
      await use(google);
      await google.stop();
    },
    { scope: 'worker' },
  ],
  stripeServer: [
    async ({ stripe, appPort }, use) => {
      if (!stripe) return use(null);
      const server = await startStripeTestServer({ webhookUrl: `http://localhost:${appPort}/api/stripe/webhook` });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ smtp, google, stripeServer, appPort }, use) => {
      const app = await startApp({
        PORT: String(appPort),
        SMTP_URL: smtp.url,
        // Calendar connections reach the journeys' Radicale on loopback.
        CALDAV_ALLOW_PRIVATE_HOSTS: 'true',
        // The journeys share this app and sign the demo provider in more often than a person may in
        // 15 minutes (5 links per address): the limit itself is the API tests' (auth.test.ts).
        LOGIN_LIMIT_PER_EMAIL: '100',
        ...(google
          ? { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_ISSUER_URL: google.issuer }
          : {}),
        ...(stripeServer
          ? {
              STRIPE_SECRET_KEY: stripeServer.secretKey,
              STRIPE_PUBLISHABLE_KEY: stripeServer.publishableKey,
              STRIPE_WEBHOOK_SECRET: stripeServer.webhookSecret,
              STRIPE_API_URL: stripeServer.url,
            }
          : {}),
      });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  stripeJs: async ({ stripeServer }, use) => {
    await use(async (context) => {
      if (stripeServer) await serveStripeJs(context, stripeServer.url);
    });
  },
  context: async ({ context, stripeJs }, use) => {
    await stripeJs(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';
