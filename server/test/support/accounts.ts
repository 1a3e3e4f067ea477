import { expect } from 'vitest';
import type { Agent } from './agent.ts';
import { lastLinkToken, type TestApp } from './test-app.ts';

/**
 * Signs a new person up through the real magic-link flow and returns their browser: for tests
 * of sign-in itself. Other tests build their people with factories.ts and `signIn`.
 */
export async function signUp(t: TestApp, email: string, opts: { name?: string } = {}): Promise<Agent> {
  const a = t.agent();
  await a.post('/api/login', { email });
  const token = lastLinkToken(t.outbox, email);
  await a.post('/api/magic-link', { token });
  const created = await a.post('/api/create-user', { email, name: opts.name ?? 'Ana', token, timezone: 'Europe/Madrid' });
  expect(created.status).toBe(201);
  return a;
}
