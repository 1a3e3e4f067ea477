/**
 * What the logs show when something fails: the failure, never the data. Failed queries are
 * logged without their parameters (e-mail addresses, session hashes), requests without cookies,
 * query strings or sign-in tokens.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { serializeError } from '../src/lib/log-serializers.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { captureLogs, type CapturedLogs } from './support/log-capture.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { buildUser, signIn } from './support/factories.ts';
import { must } from './support/must.ts';

describe('logging', () => {
  let t: TestApp;
  let logs: CapturedLogs;
  beforeEach(async () => {
    logs = captureLogs();
    t = await createTestApp({ logger: logs.logger });
  });
  afterEach(async () => {
    await t.close();
  });

  it('logs a failed query with its SQL but without its parameters', async () => {
    const person = await signIn(t, await buildUser(t, { email: 'logged@example.com', name: 'Lena' }));
    const session = must(person.jar.get('slotted_session'), "person.jar.get('slotted_session')");
    // A broken schema makes every session lookup and sign-in fail with a 500.
    await t.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_gone`);
    await t.db.execute(sql`ALTER TABLE magic_links RENAME TO magic_links_gone`);
    expect((await person.get('/api/me')).status).toBe(500);
    expect((await t.agent().post('/api/login', { email: 'someone-else@example.com' })).status).toBe(500);

    const failures = logs.withMessage('request failed');
    expect(failures).toHaveLength(2);
    for (const failure of failures) {
      const err = failure.err as { message: string; cause: { message: string } };
      expect(err.message).toMatch(/^Failed query: /);
      expect(err.cause.message).toMatch(/does not exist/);
    }
    const all = logs.lines.join('\n');
    for (const secret of ['params:', session, sha256(session), 'logged@example.com', 'someone-else@example.com'])
      expect(all).not.toContain(secret);
  });

  it('logs no values that PostgreSQL quotes in its error messages', async () => {
    const err = await t.db.execute(sql`SELECT ${'someone@example.com'}::uuid`).catch((e: unknown) => e);
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('invalid input syntax for type uuid');
    expect(logged).not.toContain('someone@example.com');
  });

  it('logs requests without query strings, sign-in tokens or cookies', async () => {
    const a = t.agent();
    await a.get('/sanctum/csrf-cookie');
    await a.get('/magic-link/Secret-Sign-In-Token-0123456789abcdefghijklmnopq');
    await a.get('/auth/social/google/callback?code=secret-oauth-code&state=secret-oauth-state');
    await a.postForm('/api/me', { name: 'Nobody' });
    const requests = logs.withMessage('incoming request').map((entry) => (entry.req as { url: string }).url);
    expect(requests).toEqual(['/sanctum/csrf-cookie', '/magic-link/…', '/auth/social/google/callback', '/api/me']);
    const all = logs.lines.join('\n');
    for (const secret of ['Secret-Sign-In-Token', 'secret-oauth', must(a.jar.get('XSRF-TOKEN'), "a.jar.get('XSRF-TOKEN')")])
      expect(all).not.toContain(secret);
  });
});
