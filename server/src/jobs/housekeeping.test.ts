import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appointments, magicLinks, mailOutbox, oauthAttempts, rateLimitBuckets, sessions, slots } from '../db/schema.ts';
import { signUp } from '../../test/support/accounts.ts';
import { buildUser, signIn } from '../../test/support/factories.ts';
import { bookingHeaders, raceFixture } from '../../test/support/race-fixture.ts';
import { createTestApp, lastLinkToken, type TestApp } from '../../test/support/test-app.ts';
import { must } from '../../test/support/must.ts';

const SECRET = 'tidy-secret-tidy-secret-tidy-secret-0123';
const DAY = 24 * 60;
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ env: { SESSION_SECRET: SECRET } });
  // As main.ts does at start; the runs below are the test's.
  await t.app.jobs.schedulePeriodic();
});
afterEach(() => t.close());

/** Moves the clock and runs what is due then, as the polling loop would. */
async function later(minutes: number) {
  t.clock.advanceMinutes(minutes);
  await t.app.jobs.runDue();
}

describe('housekeeping', () => {
  it('deletes sessions once they have expired', async () => {
    await signIn(t, await buildUser(t));
    await later(29 * DAY);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    await later(DAY + 1);
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('deletes used sign-in links at once, and expired ones after a day of answering "expired"', async () => {
    await signUp(t, 'ana@example.com');
    const browser = t.agent();
    await browser.post('/api/login', { email: 'late@example.com' });
    const token = lastLinkToken(t.outbox, 'late@example.com');
    const emails = async () => (await t.db.select().from(magicLinks)).map((l) => l.email).sort();
    expect(await emails()).toEqual(['ana@example.com', 'late@example.com']);

    await later(10);
    expect(await emails()).toEqual(['late@example.com']);
    expect((await browser.post('/api/magic-link', { token })).status).toBe(408);
    await later(DAY - 10);
    expect(await emails()).toEqual(['late@example.com']);
    await later(10);
    expect(await emails()).toEqual([]);
    expect((await browser.post('/api/magic-link', { token })).status).toBe(404);
  });

  it('deletes used and expired social sign-in attempts', async () => {
    const now = t.clock.now();
    const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
    const attempt = (stateHash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      stateHash,
      provider: 'google' as const,
      nonce: 'n',
      codeVerifier: 'v',
      expiresAt,
      usedAt,
      createdAt: now,
    });
    await t.db
      .insert(oauthAttempts)
      .values([attempt('live', minutes(10)), attempt('used', minutes(10), now), attempt('early', minutes(5))]);
    await later(0);
    expect((await t.db.select().from(oauthAttempts)).map((a) => a.stateHash).sort()).toEqual(['early', 'live']);
    await later(10);
    expect(await t.db.select().from(oauthAttempts)).toEqual([]);
  });

  it('deletes rate-limit counters whose window has ended, and the limit still counts afresh', async () => {
    await t.agent({ ip: '10.0.0.1' }).post('/api/login', { email: 'ivy@example.com' });
    const keys = async () => (await t.db.select().from(rateLimitBuckets)).map((b) => b.key).sort();
    expect(await keys()).toEqual(['login:email:ivy@example.com', 'login:ip:10.0.0.1']);
    await later(14);
    expect(await keys()).toHaveLength(2);
    await later(10);
    expect(await keys()).toEqual([]);
    for (let i = 0; i < 5; i++)
      expect((await t.agent({ ip: `10.0.1.${i}` }).post('/api/login', { email: 'ivy@example.com' })).status).toBe(200);
    expect((await t.agent({ ip: '10.0.1.9' }).post('/api/login', { email: 'ivy@example.com' })).status).toBe(429);
  });

  it('expires holds past their 10 minutes and gives their class places back', async () => {
    const fixture = await raceFixture(t.db, { clients: 3, sessionSecret: SECRET, now: t.clock.now() });
    const book = async (client: number, body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: bookingHeaders(must(fixture.clients[client], 'fixture.clients[client]')),
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as string;
    };
    const classHold = await book(0, { service_id: fixture.classService, slot_id: fixture.classSlot });
    const timeHold = await book(1, { service_id: fixture.shortService, starts_at: fixture.appointmentStart });
    await later(0);
    await later(5);
    const freshHold = await book(2, { service_id: fixture.classService, slot_id: fixture.classSlot });
    const seats = async () =>
      must(
        (await t.db.select().from(slots).where(eq(slots.id, fixture.classSlot)))[0],
        '(await t.db.select().from(slots).where(eq(slots.id, fixture.classSlot)))[0]',
      ).seatsTaken;
    const status = async (id: string) =>
      must(
        (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0],
        '(await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]',
      ).status;
    expect(await seats()).toBe(2);

    await later(5);
    expect([await status(classHold), await status(timeHold), await status(freshHold)]).toEqual(['expired', 'expired', 'held']);
    expect(await seats()).toBe(1);
  });

  it('forgets the envelopes of sent e-mail after 30 days', async () => {
    await t.agent().post('/api/login', { email: 'ana@example.com' });
    expect((await t.db.select().from(mailOutbox))[0]).toMatchObject({ to: 'ana@example.com', sentAt: t.clock.now() });
    await later(30 * DAY - 10);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(1);
    await later(10);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });
});
