/** /health and /ready for load balancers and orchestrators, on either engine. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('health endpoints', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('/health says the process is up, as JSON that nobody caches', async () => {
    const res = await t.agent().get('/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/ready says ready when the database answers and has every migration', async () => {
    const res = await t.agent().get('/ready');
    expect(res).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/ready answers 503 while a migration of this version is missing', async () => {
    await t.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    const res = await t.agent().get('/ready');
    expect(res).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'migrations_pending' } });
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });
});
