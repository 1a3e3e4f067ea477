import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, lastLinkToken, type TestApp } from '../../../test/support/test-app.ts';
import { magicLinks, rateLimitBuckets, sessions } from '../../db/schema.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { must } from '../../../test/support/must.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_EMAIL: '5', LOGIN_LIMIT_PER_IP: '8' } });
});
afterEach(async () => {
  await t.close();
});

async function signUp(agent: Agent, email: string, name = 'Ana García') {
  expect((await agent.post('/api/login', { email })).status).toBe(200);
  const token = lastLinkToken(t.outbox, email.toLowerCase());
  const opened = await agent.post('/api/magic-link', { token });
  expect(opened.status).toBe(202);
  return agent.post('/api/create-user', { email, name, token, timezone: 'Europe/Madrid' });
}

describe('sign-in by magic link', () => {
  it('a new person requests a link, opens it, sets up the account and is signed in', async () => {
    const browser = t.agent();
    expect((await browser.get('/api/me')).status).toBe(401);
    const sent = await browser.post('/api/login', { email: '  Ana@Example.com ' });
    expect(sent.status).toBe(200);
    expect(t.outbox.list()[0]).toMatchObject({ to: 'ana@example.com', subject: 'Finish creating your Slotted account' });

    const token = lastLinkToken(t.outbox, 'ana@example.com');
    const opened = await browser.post('/api/magic-link', { token });
    expect(opened.status).toBe(202);
    expect(opened.body).toEqual({ data: { email: 'ana@example.com', message: 'Set up your account' } });
    expect((await browser.get('/api/me')).status).toBe(401);

    const created = await browser.post('/api/create-user', {
      email: 'ana@example.com',
      name: 'Ana García',
      token,
      timezone: 'Europe/Madrid',
    });
    expect(created.status).toBe(201);
    const session = created.cookies.find((c) => c.name === 'slotted_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await browser.get<{ data: Record<string, unknown> }>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      email: 'ana@example.com',
      name: 'Ana García',
      timezone: 'Europe/Madrid',
      is_provider: false,
      sign_in_methods: ['email'],
    });

    // The link worked once.
    expect((await t.agent().post('/api/magic-link', { token })).status).toBe(404);
  });

  it('an existing user is signed in straight from the link, which then stops working', async () => {
    await signUp(t.agent(), 'ben@example.com', 'Ben');
    const laptop = t.agent();
    await laptop.post('/api/login', { email: 'ben@example.com' });
    expect(must(t.outbox.list()[0], 't.outbox.list()[0]').subject).toBe('Your Slotted sign-in link');
    const token = lastLinkToken(t.outbox, 'ben@example.com');
    const opened = await laptop.post<{ data: { email: string; name: string } }>('/api/magic-link', { token });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ email: 'ben@example.com', name: 'Ben' });
    expect((await laptop.get('/api/me')).status).toBe(200);

    const reused = await t.agent().post('/api/magic-link', { token });
    expect(reused.status).toBe(404);
    expect(reused.body).toMatchObject({ code: 'magic_link_invalid' });
  });

  it('answers the same for known and unknown e-mails', async () => {
    await signUp(t.agent(), 'known@example.com');
    const known = await t.agent({ ip: '10.0.0.2' }).post('/api/login', { email: 'known@example.com' });
    const unknown = await t.agent({ ip: '10.0.0.3' }).post('/api/login', { email: 'nobody@example.com' });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
  });

  it('an expired link answers 408 and creates nothing', async () => {
    const browser = t.agent();
    await browser.post('/api/login', { email: 'late@example.com' });
    const token = lastLinkToken(t.outbox, 'late@example.com');
    t.clock.advanceMinutes(10);
    const opened = await browser.post('/api/magic-link', { token });
    expect(opened.status).toBe(408);
    expect(opened.body).toMatchObject({ code: 'magic_link_expired' });
    const created = await browser.post('/api/create-user', { email: 'late@example.com', name: 'Late', token });
    expect(created.status).toBe(408);
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('a new person gets time to type their name after opening the link', async () => {
    const browser = t.agent();
    await browser.post('/api/login', { email: 'slow@example.com' });
    const token = lastLinkToken(t.outbox, 'slow@example.com');
    t.clock.advanceMinutes(9);
    expect((await browser.post('/api/magic-link', { token })).status).toBe(202);
    t.clock.advanceMinutes(15);
    expect((await browser.post('/api/create-user', { email: 'slow@example.com', name: 'Slow', token })).status).toBe(201);
  });

  it('rejects malformed and unknown tokens', async () => {
    const malformed = await t.agent().post('/api/magic-link', { token: 'abc' });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toMatchObject({ code: 'validation_failed', errors: { token: ['This sign-in link is not valid.'] } });
    const unknown = await t.agent().post('/api/magic-link', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
  });

  it('gives per-field errors for bad login and set-up input', async () => {
    const badEmail = await t.agent().post('/api/login', { email: 'not-an-email' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body).toMatchObject({ errors: { email: ['Please enter a valid e-mail address.'] } });
    expect((await t.agent().post('/api/login', {})).body).toMatchObject({ errors: { email: expect.any(Array) } });

    const browser = t.agent();
    await browser.post('/api/login', { email: 'cara@example.com' });
    const token = lastLinkToken(t.outbox, 'cara@example.com');
    await browser.post('/api/magic-link', { token });
    const noName = await browser.post('/api/create-user', { email: 'cara@example.com', name: '   ', token });
    expect(noName.status).toBe(422);
    expect(noName.body).toMatchObject({ errors: { name: ['Please enter your name.'] } });
    const otherEmail = await browser.post('/api/create-user', { email: 'mallory@example.com', name: 'M', token });
    expect(otherEmail.status).toBe(422);
    expect(otherEmail.body).toMatchObject({ errors: { email: ['This e-mail address does not match your sign-in link.'] } });
    const badZone = await browser.post('/api/create-user', { email: 'cara@example.com', name: 'Cara', token, timezone: 'Mars/Olympus' });
    expect(badZone.body).toMatchObject({ errors: { timezone: ['Please choose a valid time zone.'] } });
    // Nothing was created by the failed attempts; the link still works.
    expect((await browser.post('/api/create-user', { email: 'cara@example.com', name: 'Cara', token })).status).toBe(201);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    await signUp(t.agent(), 'dan@example.com');
    await t.agent().post('/api/login', { email: 'dan@example.com' });
    const token = lastLinkToken(t.outbox, 'dan@example.com');
    const a = t.agent();
    const b = t.agent();
    await Promise.all([a.get('/sanctum/csrf-cookie'), b.get('/sanctum/csrf-cookie')]);
    const results = await Promise.all([a.post('/api/magic-link', { token }), b.post('/api/magic-link', { token })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('stores only hashes of links and sessions', async () => {
    const browser = t.agent();
    await signUp(browser, 'eve@example.com');
    const token = lastLinkToken(t.outbox, 'eve@example.com');
    const sessionCookie = must(browser.jar.get('slotted_session'), "browser.jar.get('slotted_session')");
    const links = await t.db.select().from(magicLinks);
    const rows = await t.db.select().from(sessions);
    expect(JSON.stringify(links)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(sessionCookie);
    expect(rows).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('rotates the session on sign-in and deletes it on logout', async () => {
    const browser = t.agent();
    await signUp(browser, 'fay@example.com');
    const first = must(browser.jar.get('slotted_session'), "browser.jar.get('slotted_session')");

    await browser.post('/api/login', { email: 'fay@example.com' });
    await browser.post('/api/magic-link', { token: lastLinkToken(t.outbox, 'fay@example.com') });
    const second = must(browser.jar.get('slotted_session'), "browser.jar.get('slotted_session')");
    expect(second).not.toBe(first);
    const stale = t.agent();
    stale.jar.set('slotted_session', first);
    expect((await stale.get('/api/me')).status).toBe(401);

    expect((await browser.post('/auth/logout')).status).toBe(204);
    expect(browser.jar.has('slotted_session')).toBe(false);
    expect((await browser.get('/api/me')).status).toBe(401);
    const replay = t.agent();
    replay.jar.set('slotted_session', second);
    expect((await replay.get('/api/me')).status).toBe(401);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('expires a session after 30 days without use', async () => {
    const browser = t.agent();
    await signUp(browser, 'gus@example.com');
    t.clock.advanceMinutes(29 * 24 * 60);
    expect((await browser.get('/api/me')).status).toBe(200);
    t.clock.advanceMinutes(29 * 24 * 60);
    expect((await browser.get('/api/me')).status).toBe(200);
    t.clock.advanceMinutes(31 * 24 * 60);
    expect((await browser.get('/api/me')).status).toBe(401);
  });
});

describe('CSRF protection', () => {
  it('refuses state-changing requests without a matching X-XSRF-TOKEN', async () => {
    const browser = t.agent();
    await browser.get('/sanctum/csrf-cookie');
    browser.sendXsrf = false;
    const missing = await browser.post('/api/login', { email: 'x@example.com' });
    expect(missing.status).toBe(419);
    expect(missing.body).toMatchObject({ code: 'csrf_token_mismatch' });

    const wrong = await browser.request('POST', '/api/login', {
      json: { email: 'x@example.com' },
      headers: { 'x-xsrf-token': 'nope.nope' },
    });
    expect(wrong.status).toBe(419);

    // A token the server did not sign is refused even when cookie and header agree.
    browser.jar.set('XSRF-TOKEN', 'forged.value');
    const forged = await browser.request('POST', '/api/login', {
      json: { email: 'x@example.com' },
      headers: { 'x-xsrf-token': 'forged.value' },
    });
    expect(forged.status).toBe(419);
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('refuses requests from another origin, even with a valid token', async () => {
    const browser = t.agent();
    await browser.get('/sanctum/csrf-cookie');
    const res = await browser.request('POST', '/api/login', {
      json: { email: 'x@example.com' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(419);
    const same = await browser.request('POST', '/api/login', {
      json: { email: 'x@example.com' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(same.status).toBe(200);
  });

  it("accepts only APP_URL's origin, not whatever matches the Host header", async () => {
    const browser = t.agent();
    const res = await browser.request('POST', '/api/login', {
      json: { email: 'x@example.com' },
      headers: { host: 'evil.example', origin: 'http://evil.example' },
    });
    expect(res.status).toBe(419);
    expect(res.body).toMatchObject({ code: 'csrf_token_mismatch' });
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('answers a malformed X-XSRF-TOKEN with 419, not an error', async () => {
    const browser = t.agent();
    await browser.get('/sanctum/csrf-cookie');
    browser.sendXsrf = false;
    const res = await browser.request('POST', '/api/login', { json: { email: 'x@example.com' }, headers: { 'x-xsrf-token': '%E0%A4%A' } });
    expect(res.status).toBe(419);
    expect(res.body).toMatchObject({ code: 'csrf_token_mismatch' });
  });

  it('binds the token to the session: a new one comes with sign-in and sign-out, and no other session takes it', async () => {
    const browser = t.agent();
    await browser.get('/sanctum/csrf-cookie');
    const anonymous = must(browser.jar.get('XSRF-TOKEN'), "browser.jar.get('XSRF-TOKEN')");
    expect((await browser.post('/api/login', { email: 'ida@example.com' })).status).toBe(200);
    const opened = await browser.post('/api/magic-link', { token: lastLinkToken(t.outbox, 'ida@example.com') });
    expect(opened.status).toBe(202);
    const created = await browser.post('/api/create-user', {
      email: 'ida@example.com',
      name: 'Ida',
      token: lastLinkToken(t.outbox, 'ida@example.com'),
    });
    expect(created.status).toBe(201);
    // The answer that signed in carries the session's own token: the next request just works.
    const signedIn = created.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(signedIn).toBeTruthy();
    expect(signedIn).not.toBe(anonymous);
    expect((await browser.postForm('/api/me', { name: 'Ida B' })).status).toBe(200);

    // The token of the browser before sign-in no longer counts.
    browser.jar.set('XSRF-TOKEN', anonymous);
    expect((await browser.postForm('/api/me', { name: 'Stale' })).status).toBe(419);

    // A token issued to another session (say, planted by someone signed in to their own account) is refused.
    const other = await signUp(t.agent(), 'joe@example.com', 'Joe');
    expect(other.status).toBe(201);
    const otherToken = must(
      other.cookies.find((c) => c.name === 'XSRF-TOKEN'),
      "other.cookies.find((c) => c.name === 'XSRF-TOKEN')",
    ).value;
    browser.jar.set('XSRF-TOKEN', otherToken);
    expect((await browser.postForm('/api/me', { name: 'Planted' })).status).toBe(419);

    // Fetching a fresh token, as the web app does after a 419, works again.
    await browser.get('/sanctum/csrf-cookie');
    expect((await browser.postForm('/api/me', { name: 'Ida C' })).status).toBe(200);
    expect((await browser.get<{ data: { name: string } }>('/api/me')).body.data.name).toBe('Ida C');

    const signedInToken = must(browser.jar.get('XSRF-TOKEN'), "browser.jar.get('XSRF-TOKEN')");
    const out = await browser.post('/auth/logout');
    expect(out.status).toBe(204);
    const afterLogout = out.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(afterLogout).toBeTruthy();
    expect((await browser.post('/api/login', { email: 'ida@example.com' })).status).toBe(200);
    browser.jar.set('XSRF-TOKEN', signedInToken);
    expect((await browser.post('/api/login', { email: 'ida@example.com' })).status).toBe(419);
  });

  it('protects logout and profile updates too', async () => {
    const browser = t.agent();
    await signUp(browser, 'hal@example.com');
    browser.sendXsrf = false;
    expect((await browser.post('/auth/logout')).status).toBe(419);
    expect((await browser.postForm('/api/me', { name: 'Hacked' })).status).toBe(419);
    browser.sendXsrf = true;
    expect((await browser.get<{ data: { name: string } }>('/api/me')).body.data.name).toBe('Ana García');
  });
});

describe('login rate limits', () => {
  it('limits requests per e-mail address, then lets them through after the window', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.agent({ ip: `10.1.0.${i}` }).post('/api/login', { email: 'ivy@example.com' })).status).toBe(200);
    const limited = await t.agent({ ip: '10.1.0.99' }).post('/api/login', { email: 'IVY@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.outbox.list()).toHaveLength(5);
    t.clock.advanceMinutes(15);
    expect((await t.agent({ ip: '10.1.0.100' }).post('/api/login', { email: 'ivy@example.com' })).status).toBe(200);
  });

  it('behind a trusted proxy, counts the address the proxy saw, whatever the client wrote in X-Forwarded-For', async () => {
    const proxied = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '3', TRUST_PROXY: '127.0.0.1' } });
    try {
      // The proxy (127.0.0.1) appends the address it saw to whatever the client sent.
      const viaProxy = (i: number) =>
        proxied.agent({ ip: '127.0.0.1' }).request('POST', '/api/login', {
          json: { email: `q${i}@example.com` },
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        });
      for (let i = 0; i < 3; i++) expect((await viaProxy(i)).status).toBe(200);
      expect((await viaProxy(3)).status).toBe(429);
      const keys = (await proxied.db.select().from(rateLimitBuckets)).map((b) => b.key).filter((k) => k.startsWith('login:ip:'));
      expect(keys).toEqual(['login:ip:203.0.113.9']);

      // A client that reaches the app directly cannot name an address at all.
      const direct = (i: number) =>
        proxied.agent({ ip: '192.0.2.44' }).request('POST', '/api/login', {
          json: { email: `r${i}@example.com` },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      for (let i = 0; i < 3; i++) expect((await direct(i)).status).toBe(200);
      expect((await direct(3)).status).toBe(429);
      const after = (await proxied.db.select().from(rateLimitBuckets)).map((b) => b.key).filter((k) => k.startsWith('login:ip:'));
      expect(after.sort()).toEqual(['login:ip:192.0.2.44', 'login:ip:203.0.113.9']);
    } finally {
      await proxied.close();
    }
  });

  it('limits requests per client address across e-mails', async () => {
    const browser = t.agent({ ip: '10.2.0.1' });
    for (let i = 0; i < 8; i++) expect((await browser.post('/api/login', { email: `p${i}@example.com` })).status).toBe(200);
    expect((await browser.post('/api/login', { email: 'p9@example.com' })).status).toBe(429);
    expect((await t.agent({ ip: '10.2.0.2' }).post('/api/login', { email: 'p9@example.com' })).status).toBe(200);
  });
});
