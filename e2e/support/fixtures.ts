/**
 * The journeys' shared fixtures: one SMTP inbox and one app process (fresh PGlite database,
 * demo seeded) per Playwright worker, shared by every spec that worker runs. Journeys therefore
 * see each other's data and must use their own e-mail addresses and usernames.
 *
 * Worker fixtures rather than Playwright's `webServer`: the captured e-mails have to be readable
 * in the tests' own process, and the app's configuration (a Google sign-in provider or none)
 * differs between specs. A spec that sets `googleAccounts` gets a worker (and app) of its own.
 */
import { test as base } from '@playwright/test';
import { freePort, startApp, type RunningApp } from '../../server/test/support/app-process.ts';
import { startOidcProvider, type OidcTestProvider, type TestAccount } from '../../server/test/support/oidc-test-provider.ts';
import { startSmtp, type Inbox } from './smtp.ts';

interface WorkerFixtures {
  /** Accounts of a local OpenID provider configured as Google; null: no Google sign-in. */
  googleAccounts: Record<string, TestAccount> | null;
  smtp: Inbox;
  google: OidcTestProvider | null;
  appPort: number;
  app: RunningApp;
}

export const test = base.extend<object, WorkerFixtures>({
  googleAccounts: [null, { scope: 'worker', option: true }],
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
  app: [
    async ({ smtp, google, appPort }, use) => {
      const app = await startApp({
        PORT: String(appPort),
        SMTP_URL: smtp.url,
        ...(google
          ? { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_ISSUER_URL: google.issuer }
          : {}),
      });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

export { expect } from '@playwright/test';
