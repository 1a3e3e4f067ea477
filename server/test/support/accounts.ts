import { expect } from 'vitest';
import type { Agent } from './agent.ts';
import { lastLinkToken, type TestApp } from './test-app.ts';

/**
 * Signs a new person up through the real magic-link flow and returns their browser.
 * With `username`, the account also becomes a provider.
 */
export async function signUp(t: TestApp, email: string, opts: { name?: string; username?: string; timezone?: string } = {}): Promise<Agent> {
  const a = t.agent();
  await a.post('/api/login', { email });
  const token = lastLinkToken(t.outbox, email);
  await a.post('/api/magic-link', { token });
  const created = await a.post('/api/create-user', { email, name: opts.name ?? 'Ana', token, timezone: opts.timezone ?? 'Europe/Madrid' });
  expect(created.status).toBe(201);
  if (opts.username) {
    const res = await a.postForm('/api/me', { name: opts.name ?? 'Ana', username: opts.username, is_provider: '1' });
    expect(res.status).toBe(200);
  }
  return a;
}
