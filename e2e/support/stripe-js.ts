import { readFile } from 'node:fs/promises';
import type { BrowserContext } from '@playwright/test';

const standIn = readFile(new URL('./stripe-js-stand-in.js', import.meta.url), 'utf8');

/**
 * Serves the Stripe.js stand-in in place of https://js.stripe.com (unreachable here) to every page
 * of `context`, talking to the Stripe test server at `apiUrl`.
 */
export async function serveStripeJs(context: BrowserContext, apiUrl: string): Promise<void> {
  const body = (await standIn).replaceAll('__STRIPE_API_URL__', apiUrl);
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body }),
  );
}
