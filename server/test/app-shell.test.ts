import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { devOutboxMailer } from '../src/mail/mailer.ts';
import { freshDatabase } from './support/test-db.ts';
import { testConfig, TestClock } from './support/test-app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, lastLinkToken, type TestApp } from './support/test-app.ts';
import { buildPlan, buildProvider, buildService, signIn } from './support/factories.ts';
import { must } from './support/must.ts';

describe('configuration', () => {
  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ SESSION_SECRET: 'short', DATA_DIR: '/tmp/x' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a'.repeat(40) })).toThrow(/SMTP_URL: is required in production/);
  });

  it('defaults to PGlite under DATA_DIR, with the dev outbox page only when asked for', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/slotted-cfg', SESSION_SECRET: 'a'.repeat(40) });
    expect(c.database).toEqual({ kind: 'pglite', dir: '/tmp/slotted-cfg/pglite' });
    expect(c).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      devOutbox: false,
      trustProxy: false,
      seedDemo: true,
      secure: false,
    });
    expect(loadConfig({ DATA_DIR: '/tmp/slotted-cfg', SESSION_SECRET: 'a'.repeat(40), DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    const prod = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      SESSION_SECRET: 'a'.repeat(40),
      CALENDAR_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      APP_URL: 'https://book.example.com/',
      DATABASE_URL: 'postgres://db/slotted',
    });
    expect(prod).toMatchObject({ devOutbox: false, secure: true, appUrl: 'https://book.example.com', database: { kind: 'postgres' } });
  });

  it('requires the calendar encryption key in production, and makes one in DATA_DIR elsewhere', () => {
    const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', SESSION_SECRET: 'a'.repeat(40) };
    expect(() => loadConfig(prod)).toThrow(/CALENDAR_ENCRYPTION_KEY: is required in production/);
    expect(() => loadConfig({ ...prod, CALENDAR_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/CALENDAR_ENCRYPTION_KEY: must be 32 random bytes/);
    const dev = { DATA_DIR: '/tmp/slotted-cfg', SESSION_SECRET: 'a'.repeat(40) };
    const key = loadConfig(dev).calendars.encryptionKey;
    expect(key).toHaveLength(32);
    expect(loadConfig(dev).calendars.encryptionKey.equals(key)).toBe(true);
    expect(loadConfig(dev).calendars.allowPrivateHosts).toBe(false);
  });

  it('refuses the dev outbox in production and next to SMTP', () => {
    const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', SESSION_SECRET: 'a'.repeat(40) };
    expect(() => loadConfig({ ...prod, DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX: cannot be used in production/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25', SESSION_SECRET: 'a'.repeat(40), DEV_OUTBOX: 'true' })).toThrow(
      /DEV_OUTBOX: has nothing to show when SMTP_URL is set/,
    );
  });

  it('trusts only the listed proxies, and refuses TRUST_PROXY=true or a hop count', () => {
    const base = { DATA_DIR: '/tmp/slotted-cfg', SESSION_SECRET: 'a'.repeat(40) };
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" would trust any client's X-Forwarded-For; list your reverse proxies' addresses or ranges instead, e.g. TRUST_PROXY=127.0.0.1/,
    );
    for (const value of ['1', '2']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: ".*" is a hop count, which Fastify ignores .*; list your reverse proxies' addresses/,
      );
    }
    for (const value of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/8', '127.0.0.1,']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .* is not an IP address or CIDR range/);
    }
  });

  it('gives PostgreSQL timeouts of a few seconds unless DATABASE_*_TIMEOUT_MS say otherwise', () => {
    const env = { DATA_DIR: '/tmp/slotted-cfg', SESSION_SECRET: 'a'.repeat(40), DATABASE_URL: 'postgres://db/slotted' };
    expect(loadConfig(env).database).toMatchObject({ timeouts: { connectMs: 5000, statementMs: 5000, idleInTransactionMs: 10_000 } });
    const tuned = loadConfig({
      ...env,
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '15000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000',
    });
    expect(tuned.database).toMatchObject({ timeouts: { connectMs: 2000, statementMs: 15_000, idleInTransactionMs: 30_000 } });
    expect(() => loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: 'forever' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: must be a number of milliseconds/,
    );
    expect(() => loadConfig({ ...env, DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS: must be at least 100/);
  });
});

describe('HTTP shell', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('sends security headers on every answer', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and __Host- cookies when served over https', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://book.example.com' } });
    try {
      const a = secure.agent();
      const res = await a.get('/sanctum/csrf-cookie');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(xsrf).toMatchObject({ secure: true, sameSite: 'Lax' });
      expect(xsrf?.httpOnly).toBeFalsy();
      await a.post('/api/login', { email: 'h@example.com' });
      const token = lastLinkToken(secure.outbox, 'h@example.com');
      await a.post('/api/magic-link', { token });
      const created = await a.post('/api/create-user', { email: 'h@example.com', name: 'H', token });
      expect(created.cookies.find((c) => c.name === '__Host-slotted_session')).toMatchObject({ secure: true, httpOnly: true, path: '/' });
      expect((await a.get('/api/me')).status).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('serves an OpenAPI document of the routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/magic-link', '/api/create-user', '/api/me']));
  });

  it('has no dev outbox page unless DEV_OUTBOX is on', async () => {
    await t.agent().post('/api/login', { email: 'o@example.com' });
    expect((await t.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('shows the dev outbox only to a browser on this machine that is not behind a proxy', async () => {
    const dev = await createTestApp({ env: { DEV_OUTBOX: 'true' } });
    try {
      await dev.agent().post('/api/login', { email: 'o@example.com' });
      const local = await dev.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('/magic-link/');
      expect((await dev.app.inject({ url: '/dev/outbox', remoteAddress: '192.0.2.7' })).statusCode).toBe(404);
      // A reverse proxy on this machine connects from loopback: what it adds gives it away.
      const proxied = [
        { forwarded: 'for=192.0.2.7' },
        { 'x-forwarded-for': '192.0.2.7' },
        { 'x-forwarded-host': 'book.example.com' },
        { 'x-forwarded-proto': 'https' },
        { 'x-real-ip': '192.0.2.7' },
        { via: '1.1 proxy' },
      ];
      for (const headers of proxied) {
        const res = await dev.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(404);
        expect(res.body).not.toContain('/magic-link/');
      }
    } finally {
      await dev.close();
    }
  });

  it('keeps answers for a signed-in viewer, and API answers, out of caches', async () => {
    const studio = await signIn(t, await buildProvider(t, { email: 'studio@example.com', username: 'studio' }));
    const clients = await studio.get('/api/clients');
    expect(clients.status).toBe(200);
    expect(clients.headers['cache-control']).toBe('no-store');
    expect((await studio.get('/api/me')).headers['cache-control']).toBe('no-store');
    expect((await studio.post('/api/login', { email: 'studio@example.com' })).headers['cache-control']).toBe('no-store');
    expect((await t.agent().get('/api/me')).headers['cache-control']).toBe('no-store');
    expect((await t.agent().get('/sanctum/csrf-cookie')).headers['cache-control']).toBe('no-store');
    // Images are the same for everyone and keep their own long-lived header.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await studio.postForm('/api/me', { name: 'Studio' }, { avatar_upload: { data: png, filename: 'a.png', type: 'image/png' } });
    const avatar = (await studio.get<{ data: { avatar: string } }>('/api/me')).body.data.avatar;
    expect((await studio.get(avatar)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('serving the web app', () => {
  it('answers every page with the SPA shell, files from the build, and API paths with JSON', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'slotted-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Slotted</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const database = await freshDatabase();
    const mailer = devOutboxMailer(() => undefined);
    const app = await buildApp({ config: { ...testConfig(), webDist: dist }, db: database.db, clock: new TestClock(), mailer });
    try {
      for (const page of ['/', '/schedule', '/auth/logout', '/demo/3/2026-11-24/09:00']) {
        const res = await app.inject({ url: page });
        expect(res.statusCode, page).toBe(200);
        expect(res.body, page).toContain('<title>Slotted</title>');
        expect(res.headers['cache-control'], page).toBe('no-cache');
      }
      const asset = await app.inject({ url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ url: '/api/nothing' })).json()).toMatchObject({ code: 'not_found' });
      expect((await app.inject({ url: '/auth/social/google' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('writes a public profile into its page for the first paint, with the API answer the app starts from', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'slotted-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Slotted</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
    );
    const database = await freshDatabase();
    const store = { db: database.db, clock: new TestClock() };
    const provider = await buildProvider(store, { name: 'Sea <Studio> & Co', username: 'seastudio', bio: 'Yoga by the </script> sea' });
    await buildService(store, provider, { name: 'Morning flow', priceCents: 1500 });
    const app = await buildApp({
      config: { ...testConfig(), webDist: dist },
      db: database.db,
      clock: store.clock,
      mailer: devOutboxMailer(() => undefined),
    });
    try {
      const page = await app.inject({ url: '/seastudio' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = page.body;
      // The studio's words, escaped, in the app's root; the stylesheet after them so it holds nothing back.
      expect(html).toContain('<title>Sea &lt;Studio&gt; &amp; Co · Slotted</title>');
      expect(html).toContain('<h1 style="font-size:1.75rem;font-weight:700;margin:0 0 8px">Sea &lt;Studio&gt; &amp; Co</h1>');
      expect(html).toContain('<strong>Morning flow</strong>');
      expect(html).toContain('€15.00');
      expect(html.indexOf('<link rel="stylesheet"')).toBeGreaterThan(html.indexOf('Morning flow'));
      expect(must(html.split('<head>')[1], "html.split('<head>')[1]").split('</head>')[0]).not.toContain('stylesheet');
      // The API's own answer, which no text in it can break out of.
      const json = must(
        must(
          /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(html),
          '/<script type="application\\/json" id="first-answers">(.*?)<\\/script>/s.exec(html)',
        )[1],
        'must(/<script type="application\\/json" id="first-answers">(.*?)<\\/script>/s.exec(html), \'/<script type="application\\\\/json" id="first-answers">(.*?)<\\\\/script>/s.exec(html)\')[1]',
      );
      expect(json).not.toContain('</script>');
      const api = await app.inject({ url: '/api/profile/seastudio' });
      expect(JSON.parse(json)).toEqual({ '/api/profile/seastudio': api.json() });

      // Any other page, an unknown name or an app route gets the shell as built.
      for (const url of ['/nobody-here', '/login', '/schedule', '/seastudio/1']) {
        const other = await app.inject({ url });
        expect(other.body, url).not.toContain('first-answers');
        expect(other.body, url).toContain('<title>Slotted</title>');
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("writes a studio's words literally, even with $' $` $& $1 (String.replace's patterns) in them", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'slotted-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Slotted</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
    );
    const database = await freshDatabase();
    const store = { db: database.db, clock: new TestClock() };
    const tricky = "a$'b$`c$&d$1e$$f";
    const provider = await buildProvider(store, { name: `Studio ${tricky}`, username: 'dollarstudio', bio: `Bio ${tricky}` });
    const service = await buildService(store, provider, { name: `Flow ${tricky}`, priceCents: 1500 });
    await buildPlan(store, provider, { name: `Plan ${tricky}`, groups: [{ quantity: 4, services: [service] }] });
    const app = await buildApp({
      config: { ...testConfig(), webDist: dist },
      db: database.db,
      clock: store.clock,
      mailer: devOutboxMailer(() => undefined),
    });
    try {
      const html = (await app.inject({ url: '/dollarstudio' })).body;
      expect(html.match(/<html/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      const shown = 'a$&#39;b$`c$&amp;d$1e$$f';
      expect(html).toContain(`<title>Studio ${shown} · Slotted</title>`);
      expect(html).toContain(`>Studio ${shown}</h1>`);
      expect(html).toContain(`>Bio ${shown}</p>`);
      expect(html).toContain(`<strong>Flow ${shown}</strong>`);
      const json = must(
        must(
          /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(html),
          '/<script type="application\\/json" id="first-answers">(.*?)<\\/script>/s.exec(html)',
        )[1],
        'must(/<script type="application\\/json" id="first-answers">(.*?)<\\/script>/s.exec(html), \'/<script type="application\\\\/json" id="first-answers">(.*?)<\\\\/script>/s.exec(html)\')[1]',
      );
      const api = (await app.inject({ url: '/api/profile/dollarstudio' })).json();
      expect(api.data.plans[0].name).toBe(`Plan ${tricky}`);
      expect(JSON.parse(json)).toEqual({ '/api/profile/dollarstudio': api });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('sends built files pre-compressed and API answers over 1 kB compressed, by Accept-Encoding', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'slotted-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const shell = `<!doctype html><title>Slotted</title>${'<!-- padding -->'.repeat(100)}`;
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    // What web/scripts/precompress.mjs writes at build time.
    for (const [file, content] of [
      ['index.html', shell],
      ['assets/app-1234.js', script],
    ] as const) {
      writeFileSync(path.join(dist, file), content);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
    }
    const database = await freshDatabase();
    const clock = new TestClock();
    const app = await buildApp({
      config: { ...testConfig(), webDist: dist },
      db: database.db,
      clock,
      mailer: devOutboxMailer(() => undefined),
    });
    try {
      const br = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await app.inject({ url: '/assets/app-1234.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      // A page of the SPA: the shell, compressed too.
      const page = await app.inject({ url: '/schedule', headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(shell);

      const bio = `<p>${'Breathe in, breathe out. '.repeat(200)}</p>`;
      await buildProvider({ db: database.db, clock }, { username: 'calmstudio', bio });
      const profile = await app.inject({ url: '/api/profile/calmstudio', headers: { 'accept-encoding': 'br' } });
      expect(profile.statusCode).toBe(200);
      expect(profile.headers['content-encoding']).toBe('br');
      const decoded = JSON.parse(brotliDecompressSync(profile.rawPayload).toString()) as { data: { bio: string } };
      expect(decoded.data.bio).toContain('Breathe in, breathe out.');
      // A small answer is not worth compressing.
      const missing = await app.inject({ url: '/api/profile/nobody-here', headers: { 'accept-encoding': 'br' } });
      expect(missing.headers['content-encoding']).toBeUndefined();
      expect(missing.json()).toMatchObject({ code: expect.any(String) });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
