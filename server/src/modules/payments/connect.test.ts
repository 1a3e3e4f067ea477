/**
 * Stripe Connect for providers against the project's Stripe-compatible server: onboarding,
 * the dashboard link, `stripe_connected` kept by account.updated and the return re-check, and
 * POST /api/me/payments, which can require payment only of a connected provider.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@slotted/contract';
import { createStripeTestApp, type StripeTestApp } from '../../../test/support/stripe-app.ts';
import type { StripeEvent } from '../../../test/support/stripe-test-server.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { buildProvider, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../users/index.ts';
import { must } from '../../../test/support/must.ts';

type MeBody = { data: Me };

describe('Stripe Connect', () => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const provider = async (): Promise<{ row: UserRow; agent: Agent }> => {
    const row = await buildProvider(t);
    return { row, agent: await signIn(t, row) };
  };
  const me = async (agent: Agent) => (await agent.get<MeBody>('/api/me')).body.data;
  const stored = async (id: string) =>
    must((await t.db.select().from(users).where(eq(users.id, id)))[0], '(await t.db.select().from(users).where(eq(users.id, id)))[0]');
  /** What a provider's browser does on Stripe's onboarding page: finish it, and be sent back. */
  const finishOnboarding = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return must(res.headers.get('location'), "res.headers.get('location')");
  };
  const accountOf = (onboardingUrl: string) => new URL(onboardingUrl).pathname.replace('/onboarding/', '');
  /** A signed event as Stripe sends it, for states the test server does not reach by itself. */
  const deliver = async (event: StripeEvent) => {
    const payload = JSON.stringify(event);
    return fetch(`${t.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': t.stripe.sign(payload) },
      body: payload,
    });
  };

  it('creates one Express account, onboards the provider and marks them connected when Stripe says so', async () => {
    const { row, agent } = await provider();
    const first = await agent.get('/stripe/connect');
    expect(first.status).toBe(302);
    const onboarding = first.headers.location as string;
    expect(onboarding.startsWith(`${t.stripe.url}/onboarding/acct_`)).toBe(true);
    const accountId = accountOf(onboarding);
    expect(t.stripe.object(accountId)).toMatchObject({
      type: 'express',
      email: row.email,
      metadata: { user_id: row.id },
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    });
    expect((await stored(row.id)).stripeAccountId).toBe(accountId);
    expect(await me(agent)).toMatchObject({ stripe_connected: false });

    // Leaving onboarding half-way and coming back reuses the account.
    const again = await agent.get('/stripe/connect');
    expect(accountOf(again.headers.location as string)).toBe(accountId);

    expect(await finishOnboarding(onboarding)).toBe(`${t.config.appUrl}/stripe/connect?returned=1`);
    await t.settle();
    expect(await me(agent)).toMatchObject({ stripe_connected: true });

    const back = await agent.get('/stripe/connect?returned=1');
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/settings/payments');
    // Once connected there is nothing left to onboard.
    expect((await agent.get('/stripe/connect')).headers.location).toBe('/settings/payments');
  });

  it('gives two simultaneous first clicks the same account', async () => {
    const { row, agent } = await provider();
    const [a, b] = await Promise.all([agent.get('/stripe/connect'), agent.get('/stripe/connect')]);
    const accountId = accountOf(a.headers.location as string);
    expect(accountOf(b.headers.location as string)).toBe(accountId);
    expect((await stored(row.id)).stripeAccountId).toBe(accountId);
  });

  it('re-checks the account when the provider comes back before the webhook', async () => {
    const { agent } = await provider();
    const onboarding = (await agent.get('/stripe/connect')).headers.location as string;
    t.stripe.pauseWebhooks();
    try {
      await finishOnboarding(onboarding);
      expect(await me(agent)).toMatchObject({ stripe_connected: false });
      expect((await agent.get('/stripe/connect?returned=1')).headers.location).toBe('/settings/payments');
      expect(await me(agent)).toMatchObject({ stripe_connected: true });
    } finally {
      await t.stripe.releaseWebhooks({ duplicate: true });
    }
    await t.settle();
    expect(await me(agent)).toMatchObject({ stripe_connected: true });
  });

  it('comes back unconnected from an onboarding left unfinished', async () => {
    const { agent } = await provider();
    await agent.get('/stripe/connect');
    expect((await agent.get('/stripe/connect?returned=1')).headers.location).toBe('/settings/payments');
    expect(await me(agent)).toMatchObject({ stripe_connected: false });
  });

  it('opens the Express dashboard of a connected provider only', async () => {
    const { agent } = await provider();
    const refused = await agent.get('/stripe/dashboard');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'stripe_not_connected' });

    await finishOnboarding((await agent.get('/stripe/connect')).headers.location as string);
    await t.settle();
    const res = await agent.get('/stripe/dashboard');
    expect(res.status).toBe(302);
    const dashboard = await fetch(res.headers.location as string);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('Express dashboard');
  });

  it('sends signed-out visitors to sign in and refuses clients', async () => {
    const anonymous = await t.agent().get('/stripe/connect');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe('/login');
    expect(anonymous.cookies).toContainEqual(expect.objectContaining({ name: 'redirect_after_login', value: '/settings/payments' }));
    expect((await t.agent().get('/stripe/dashboard')).headers.location).toBe('/login');
    expect((await t.agent().post('/api/me/payments', { require_payment: false })).status).toBe(401);

    const client = await signIn(t, await buildUser(t));
    for (const res of [
      await client.get('/stripe/connect'),
      await client.get('/stripe/dashboard'),
      await client.post('/api/me/payments', { require_payment: false }),
    ]) {
      expect(res.status).toBe(403);
    }
  });

  it('lets only a connected provider require payment, and always stop requiring it', async () => {
    const { row, agent } = await provider();
    const refused = await agent.post('/api/me/payments', { require_payment: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'stripe_not_connected',
      message: 'Connect your Stripe account first to take card payments.',
    });
    expect((await agent.post('/api/me/payments', { require_payment: 'yes' })).status).toBe(422);

    await t.connect(row);
    const on = await agent.post<MeBody>('/api/me/payments', { require_payment: true });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ require_payment: true, stripe_connected: true, email: row.email });
    expect(await me(agent)).toMatchObject({ require_payment: true });
    const off = await agent.post<MeBody>('/api/me/payments', { require_payment: false });
    expect(off.body.data).toMatchObject({ require_payment: false });
  });

  it('keeps the rule in the database: no required payment without a connected account', async () => {
    const { row } = await provider();
    await expect(t.db.update(users).set({ requirePayment: true }).where(eq(users.id, row.id))).rejects.toThrow();
    expect((await stored(row.id)).requirePayment).toBe(false);
  });

  it('turns connection and required payment off when Stripe disables the account, whatever the order of events', async () => {
    const { row, agent } = await provider();
    const onboarding = (await agent.get('/stripe/connect')).headers.location as string;
    const accountId = accountOf(onboarding);
    await finishOnboarding(onboarding);
    await t.settle();
    expect((await agent.post('/api/me/payments', { require_payment: true })).status).toBe(200);
    const onboarded = must(
      [...t.stripe.events.values()].find((e) => e.type === 'account.updated' && e.account === accountId),
      "[...t.stripe.events.values()].find((e) => e.type === 'account.updated' && e.account === accountId)",
    );

    // Stripe restricts the account (say, its verification failed) and says so.
    const account = must(t.stripe.object(accountId), 't.stripe.object(accountId)');
    account.charges_enabled = false;
    const disabled = { ...onboarded, id: `${onboarded.id}_disabled`, data: { object: structuredClone(account) } };
    expect((await deliver(disabled)).status).toBe(200);
    expect(await me(agent)).toMatchObject({ stripe_connected: false, require_payment: false });
    expect((await stored(row.id)).requirePayment).toBe(false);

    // An older event that arrives late does not connect it again: the account's state now counts.
    const late = { ...onboarded, id: `${onboarded.id}_late` };
    expect((await deliver(late)).status).toBe(200);
    expect(await me(agent)).toMatchObject({ stripe_connected: false });
    expect((await agent.post('/api/me/payments', { require_payment: true })).status).toBe(409);
  });
});

describe('Stripe Connect without Stripe keys', () => {
  it('is not there: the links answer 404 and payment cannot be required', async () => {
    const t = await createTestApp();
    try {
      const row = await buildProvider(t, { stripeAccountId: 'acct_from_before', stripeConnected: true });
      const agent = await signIn(t, row);
      expect((await agent.get('/stripe/connect')).status).toBe(404);
      expect((await agent.get('/stripe/dashboard')).status).toBe(404);
      expect((await t.agent().get('/stripe/connect')).status).toBe(404);
      const res = await agent.post('/api/me/payments', { require_payment: true });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'stripe_not_connected' });
      expect((await agent.post('/api/me/payments', { require_payment: false })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
