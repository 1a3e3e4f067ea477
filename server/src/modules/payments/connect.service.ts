/**
 * Stripe Connect for providers (D12): an Express account made once per provider, onboarding by
 * Account Links, the Express dashboard by Login Links, and `stripe_connected` kept to whether the
 * account can take charges — from `account.updated`, and re-checked when the provider comes back
 * from onboarding (the webhook may be late, or not configured yet on a new installation).
 */
import type Stripe from 'stripe';
import { apiRoutes } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UserRow } from '../users/index.ts';
import type { CardPayments } from './card-payments.ts';
import { hasStripeAccount, keepStripeAccount, setStripeConnected } from './connect.queries.ts';

/** Where onboarding sends the provider back to, and where the payments settings live. */
export const CONNECT_PATH = apiRoutes.stripeConnect.path;
export const SETTINGS_PATH = '/settings/payments';

export function connectService(deps: { db: Db; clock: Clock; payments: CardPayments; appUrl: string }) {
  const { db, clock, payments } = deps;
  const { call } = payments;

  /** The provider's account, made on the first visit. */
  async function account(user: UserRow): Promise<string> {
    if (user.stripeAccountId) return user.stripeAccountId;
    // The key makes a second simultaneous first visit get the same account back from Stripe.
    const created = await call('create account', (stripe) =>
      stripe.accounts.create(
        {
          type: 'express',
          email: user.email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { user_id: user.id },
        },
        { idempotencyKey: `account-${user.id}` },
      ),
    );
    return keepStripeAccount(db, user.id, created.id, clock.now());
  }

  async function recheck(accountId: string): Promise<void> {
    const current = await call('retrieve account', (stripe) => stripe.accounts.retrieve(accountId));
    await db.transaction((tx) => setStripeConnected(tx, accountId, current.charges_enabled, clock.now()));
  }

  // Retrieved rather than read from the event: deliveries may come in any order, the account's
  // state now is what counts.
  payments.onEvent('account.updated', async (event) => {
    const { id } = event.data.object as Stripe.Account;
    if (!(await hasStripeAccount(db, id))) return undefined;
    const current = await call('retrieve account', (stripe) => stripe.accounts.retrieve(id));
    return (tx) => setStripeConnected(tx, id, current.charges_enabled, clock.now());
  });

  return {
    /** Where GET /stripe/connect sends the provider: Stripe's onboarding, or back to the settings. */
    async connect(user: UserRow, returned: boolean, ip: string): Promise<string> {
      if (returned || !user.stripeConnected) await payments.limitCalls(user.id, ip);
      if (returned && user.stripeAccountId) {
        await recheck(user.stripeAccountId);
        return SETTINGS_PATH;
      }
      if (user.stripeConnected) return SETTINGS_PATH;
      const accountId = await account(user);
      const link = await call('create account link', (stripe) =>
        stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          // An expired or already used link comes back here and gets a new one.
          refresh_url: `${deps.appUrl}${CONNECT_PATH}`,
          return_url: `${deps.appUrl}${CONNECT_PATH}?returned=1`,
        }),
      );
      return link.url;
    },

    /** A single-use link into the provider's Express dashboard. */
    async dashboard(user: UserRow, ip: string): Promise<string> {
      if (!user.stripeAccountId || !user.stripeConnected) throw new AppError('stripe_not_connected');
      await payments.limitCalls(user.id, ip);
      const accountId = user.stripeAccountId;
      const link = await call('create login link', (stripe) => stripe.accounts.createLoginLink(accountId));
      return link.url;
    },
  };
}

export type ConnectService = ReturnType<typeof connectService>;
