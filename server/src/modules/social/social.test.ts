import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Me } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { signUp } from '../../../test/support/accounts.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { startOidcProvider, type OidcTestProvider } from '../../../test/support/oidc-test-provider.ts';
import { startFacebookServer, type FacebookTestServer } from '../../../test/support/facebook-test-server.ts';
import { identities, oauthAttempts, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import { must } from '../../../test/support/must.ts';

const APP = 'http://localhost:3000';
let google: OidcTestProvider;
let facebook: FacebookTestServer;
let t: TestApp;

beforeAll(async () => {
  facebook = await startFacebookServer({
    '1001': { name: 'Fiona Facebook', email: 'fiona@example.com' },
    '1002': { name: 'No Mail', email: undefined },
  });
  google = await startOidcProvider(`${APP}/auth/social/google/callback`, {
    alice: { email: 'alice@example.com', email_verified: true, name: 'Alice Google', picture: `${facebook.url}/pictures/alice.png` },
    mallory: { email: 'bob@example.com', email_verified: false, name: 'Not Bob' },
    bob: { email: 'bob@example.com', email_verified: true, name: 'Bob' },
  });
});
afterAll(async () => {
  await google?.stop();
  await facebook?.stop();
});
beforeEach(async () => {
  // ID tokens are checked against the real time, so this app's clock starts now.
  t = await createTestApp({
    now: new Date(),
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.issuer,
      FACEBOOK_CLIENT_ID: facebook.clientId,
      FACEBOOK_CLIENT_SECRET: facebook.clientSecret,
      FACEBOOK_AUTHORIZATION_URL: `${facebook.url}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${facebook.url}/oauth/access_token`,
      FACEBOOK_GRAPH_URL: facebook.url,
    },
  });
});
afterEach(async () => {
  await t.close();
});

/** Presses the button: the app redirects to the provider. */
async function start(browser: Agent, provider: 'google' | 'facebook', query = '') {
  const res = await browser.get(`/auth/social/${provider}${query}`);
  expect(res.status).toBe(302);
  return String(res.headers.location);
}
/** The provider sends the browser back to the app's callback. */
async function callback(browser: Agent, url: URL) {
  const res = await browser.get(`${url.pathname}${url.search}`);
  expect(res.status).toBe(302);
  return String(res.headers.location);
}
const me = async (a: Agent) => (await a.get<{ data: Me }>('/api/me')).body.data;

describe('Google (OpenID Connect)', () => {
  it('creates an account with name, e-mail and avatar, and signs in', async () => {
    const browser = t.agent();
    const authorize = await start(browser, 'google', '?timezone=Europe/Madrid');
    const u = new URL(authorize);
    expect(u.origin).toBe(google.issuer);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(u.searchParams.get('state')).toBeTruthy();
    expect(u.searchParams.get('nonce')).toBeTruthy();

    expect(await callback(browser, await google.signIn(authorize, 'alice'))).toBe('/');
    const account = await me(browser);
    expect(account).toMatchObject({
      email: 'alice@example.com',
      name: 'Alice Google',
      timezone: 'Europe/Madrid',
      sign_in_methods: ['email', 'google'],
    });
    const avatar = await t.app.inject({ url: must(account.avatar, 'account.avatar') });
    expect((await sharp(avatar.rawPayload).metadata()).format).toBe('webp');
  });

  it('links to an existing account with the same verified e-mail', async () => {
    const existing = await signUp(t, 'alice@example.com', { name: 'Alice' });
    const before = await me(existing);
    const browser = t.agent();
    await callback(browser, await google.signIn(await start(browser, 'google'), 'alice'));
    const after = await me(browser);
    expect(after.id).toBe(before.id);
    expect(after.name).toBe('Alice');
    expect(after.sign_in_methods).toEqual(['email', 'google']);
    // Next time the identity itself signs in.
    const again = t.agent();
    await callback(again, await google.signIn(await start(again, 'google'), 'alice'));
    expect((await me(again)).id).toBe(before.id);
  });

  it('never takes over an account through an unverified e-mail', async () => {
    await signUp(t, 'bob@example.com', { name: 'Bob' });
    const browser = t.agent();
    expect(await callback(browser, await google.signIn(await start(browser, 'google'), 'mallory'))).toBe(
      '/login?social_error=unverified&provider=google',
    );
    expect((await browser.get('/api/me')).status).toBe(401);
    expect(await t.db.select().from(identities)).toHaveLength(0);
  });

  it('creates no account from an unverified e-mail either', async () => {
    const browser = t.agent();
    expect(await callback(browser, await google.signIn(await start(browser, 'google'), 'mallory'))).toBe(
      '/login?social_error=unverified&provider=google',
    );
    expect((await browser.get('/api/me')).status).toBe(401);
    expect(await t.db.select().from(users)).toHaveLength(0);
    expect(await t.db.select().from(identities)).toHaveLength(0);
    // So the address's owner, signing up by e-mail later, gets an account no one else can enter.
    const bob = await signUp(t, 'bob@example.com', { name: 'Bob' });
    expect((await me(bob)).sign_in_methods).toEqual(['email']);
  });

  it('no longer signs in an identity that made its account from an unverified e-mail', async () => {
    // As an earlier version left it: the stranger's identity on the account of bob@example.com.
    const bob = await signUp(t, 'bob@example.com', { name: 'Bob' });
    await t.db
      .insert(identities)
      .values({ userId: (await me(bob)).id, provider: 'google', subject: 'mallory', email: 'bob@example.com', emailVerified: false });
    const browser = t.agent();
    expect(await callback(browser, await google.signIn(await start(browser, 'google'), 'mallory'))).toBe(
      '/login?social_error=unverified&provider=google',
    );
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('refuses an ID token not signed by the issuer', async () => {
    const browser = t.agent();
    const url = await google.signIn(await start(browser, 'google'), 'alice');
    google.forgeIdTokens(true);
    try {
      expect(await callback(browser, url)).toBe('/login?social_error=failed&provider=google');
    } finally {
      google.forgeIdTokens(false);
    }
    expect((await browser.get('/api/me')).status).toBe(401);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a state that does not match this browser, and a replayed callback', async () => {
    const victim = t.agent();
    const attacker = t.agent();
    const attackerCallback = await google.signIn(await start(attacker, 'google'), 'alice');
    await start(victim, 'google');
    expect(await callback(victim, attackerCallback)).toBe('/login?social_error=state&provider=google');

    const browser = t.agent();
    const url = await google.signIn(await start(browser, 'google'), 'alice');
    expect(await callback(browser, url)).toBe('/');
    const replay = t.agent();
    replay.jar.set('slotted_oauth_state', must(url.searchParams.get('state'), "url.searchParams.get('state')"));
    expect(await callback(replay, url)).toBe('/login?social_error=state&provider=google');
    expect((await replay.get('/api/me')).status).toBe(401);
  });

  it('refuses an ID token with the wrong nonce', async () => {
    const browser = t.agent();
    const authorize = await start(browser, 'google');
    const state = must(new URL(authorize).searchParams.get('state'), "new URL(authorize).searchParams.get('state')");
    await t.db
      .update(oauthAttempts)
      .set({ nonce: 'not-the-nonce-that-was-sent' })
      .where(eq(oauthAttempts.stateHash, sha256(state)));
    expect(await callback(browser, await google.signIn(authorize, 'alice'))).toBe('/login?social_error=failed&provider=google');
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a code issued to another client (wrong audience)', async () => {
    const browser = t.agent();
    const url = await google.signIn(await start(browser, 'google'), 'alice', { client: 'other' });
    expect(await callback(browser, url)).toBe('/login?social_error=failed&provider=google');
  });

  it('refuses an expired ID token', async () => {
    const browser = t.agent();
    const url = await google.signIn(await start(browser, 'google'), 'alice');
    // The attempt itself is still valid (10 minutes), but our clock is now past the token's expiry.
    t.clock.advanceMinutes(9);
    await t.db.update(oauthAttempts).set({ expiresAt: new Date(Date.now() + 86_400_000) });
    t.clock.advanceMinutes(120);
    expect(await callback(browser, url)).toBe('/login?social_error=failed&provider=google');
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('comes back to the login page when consent is denied', async () => {
    const browser = t.agent();
    expect(await callback(browser, await google.signIn(await start(browser, 'google'), 'alice', { deny: true }))).toBe(
      '/login?social_error=denied&provider=google',
    );
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('honours the remembered redirect of an interrupted booking', async () => {
    const browser = t.agent();
    browser.jar.set('redirect_after_login', encodeURIComponent('/demo/3/2026-11-24/09:00'));
    expect(await callback(browser, await google.signIn(await start(browser, 'google'), 'bob'))).toBe('/demo/3/2026-11-24/09:00');
    const evil = t.agent();
    evil.jar.set('redirect_after_login', encodeURIComponent('//evil.example/x'));
    expect(await callback(evil, await google.signIn(await start(evil, 'google'), 'bob'))).toBe('/');
  });
});

describe('Facebook (OAuth 2 and Graph /me)', () => {
  it('creates an account from /me with its picture', async () => {
    const browser = t.agent();
    const dialog = await start(browser, 'facebook');
    expect(new URL(dialog).origin).toBe(facebook.url);
    expect(await callback(browser, await facebook.authorize(dialog, '1001'))).toBe('/');
    const account = await me(browser);
    expect(account).toMatchObject({ email: 'fiona@example.com', name: 'Fiona Facebook', sign_in_methods: ['email', 'facebook'] });
    expect(account.avatar).toMatch(/^\/images\//);
  });

  it('links by e-mail, and explains a refusal or a missing e-mail', async () => {
    const existing = await signUp(t, 'fiona@example.com', { name: 'Fiona' });
    const browser = t.agent();
    await callback(browser, await facebook.authorize(await start(browser, 'facebook'), '1001'));
    expect((await me(browser)).id).toBe((await me(existing)).id);

    const denied = t.agent();
    expect(await callback(denied, await facebook.authorize(await start(denied, 'facebook'), '1001', { deny: true }))).toBe(
      '/login?social_error=denied&provider=facebook',
    );
    const noMail = t.agent();
    expect(await callback(noMail, await facebook.authorize(await start(noMail, 'facebook'), '1002'))).toBe(
      '/login?social_error=no_email&provider=facebook',
    );
    expect(await t.db.select().from(users).where(eq(users.name, 'No Mail'))).toHaveLength(0);
  });
});

describe('configuration', () => {
  it('shows only configured providers', async () => {
    expect((await t.agent().get<{ data: { social: object } }>('/api/config')).body.data.social).toEqual({ google: true, facebook: true });
    const plain = await createTestApp();
    try {
      expect((await plain.agent().get<{ data: { social: object } }>('/api/config')).body.data.social).toEqual({
        google: false,
        facebook: false,
      });
      expect((await plain.agent().get('/auth/social/google')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
