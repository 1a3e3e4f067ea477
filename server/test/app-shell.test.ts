import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { devOutboxMailer } from '../src/mail/mailer.ts';
import { freshDatabase } from './support/test-db.ts';
import { testConfig, TestClock } from './support/test-app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, lastLinkToken, type TestApp } from './support/test-app.ts';

describe('configuration', () => {
  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ SESSION_SECRET: 'short', DATA_DIR: '/tmp/x' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a'.repeat(40) })).toThrow(/SMTP_URL: is required in production/);
  });

  it('defaults to PGlite under DATA_DIR and the dev outbox', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/slotted-cfg', SESSION_SECRET: 'a'.repeat(40) });
    expect(c.database).toEqual({ kind: 'pglite', dir: '/tmp/slotted-cfg/pglite' });
    expect(c).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', devOutbox: true, seedDemo: true, secure: false });
    const prod = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', SESSION_SECRET: 'a'.repeat(40), APP_URL: 'https://book.example.com/', DATABASE_URL: 'postgres://db/slotted' });
    expect(prod).toMatchObject({ devOutbox: false, secure: true, appUrl: 'https://book.example.com', database: { kind: 'postgres' } });
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

  it('shows the dev outbox only to this machine', async () => {
    await t.agent().post('/api/login', { email: 'o@example.com' });
    const local = await t.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('/magic-link/');
    expect((await t.app.inject({ url: '/dev/outbox', remoteAddress: '192.0.2.7' })).statusCode).toBe(404);
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
});
