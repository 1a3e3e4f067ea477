import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs, mailOutbox as outboxTable } from '../db/schema.ts';
import { jobRunner } from '../jobs/job-runner.ts';
import { Agent } from '../../test/support/agent.ts';
import { freePort } from '../../test/support/app-process.ts';
import { bookingHeaders, raceFixture } from '../../test/support/race-fixture.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/support/smtp-inbox.ts';
import { createTestApp, TestClock, type TestApp } from '../../test/support/test-app.ts';
import { freshDatabase } from '../../test/support/test-db.ts';
import { mailOutbox } from './mail-outbox.ts';
import { smtpMailer } from './mailer.ts';
import { must } from '../../test/support/must.ts';

const FROM = 'Slotted <no-reply@slotted.test>';
const SECRET = 'mail-secret-mail-secret-mail-secret-0123';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function inboxOn(port?: number): Promise<SmtpInbox> {
  const inbox = await startSmtpInbox(port);
  cleanup.push(() => inbox.close());
  return inbox;
}

async function appWithSmtp(port: number): Promise<TestApp> {
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, FROM);
  const t = await createTestApp({ mailer, env: { SESSION_SECRET: SECRET } });
  cleanup.push(async () => {
    await t.close();
    await mailer.close();
  });
  return t;
}

describe('with the SMTP server down', () => {
  it('a booking still succeeds; its e-mails wait, and each arrives once when the server is back', async () => {
    const port = await freePort();
    const t = await appWithSmtp(port);
    const fixture = await raceFixture(t.db, { clients: 1, sessionSecret: SECRET, now: t.clock.now() });
    const post = (url: string, body: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: bookingHeaders(must(fixture.clients[0], 'fixture.clients[0]')), payload: body });

    const held = await post('/api/appointments', { service_id: fixture.shortService, starts_at: fixture.appointmentStart });
    expect(held.statusCode).toBe(201);
    const confirmed = await post(`/api/appointments/${held.json().data.id}/confirm-without-payment`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toBe('confirmed');

    // Nothing listens on the port: both sends fail and stay pending.
    expect(await t.app.jobs.runDue()).toBe(2);
    const pending = await t.db.select().from(outboxTable).orderBy(asc(outboxTable.id));
    expect(pending.map((m) => [m.to, m.subject, m.sentAt, m.attempts])).toEqual([
      ['race-client-0@example.com', 'Booking confirmed: Short', null, 1],
      ['race-provider@example.com', 'New booking: Client 0 — Short', null, 1],
    ]);
    expect(must(pending[0], 'pending[0]').lastError).toMatch(/ECONNREFUSED/);

    const inbox = await inboxOn(port);
    expect(await t.app.jobs.runDue()).toBe(0); // the retry waits for its backoff
    t.clock.advanceMinutes(1);
    expect(await t.app.jobs.runDue()).toBe(2);
    t.clock.advanceMinutes(24 * 60);
    expect(await t.app.jobs.runDue()).toBe(0);

    expect(inbox.messages.map((m) => m.subject).sort()).toEqual(['Booking confirmed: Short', 'New booking: Client 0 — Short']);
    expect(must(inbox.messages[0], 'inbox.messages[0]').attachments.map((a) => a.filename)).toEqual(['Short.ics']);
    const sent = await t.db.select().from(outboxTable);
    expect(sent.every((m) => m.sentAt !== null && m.attempts === 2 && m.lastError === null)).toBe(true);
    // Only the envelope is kept once sent.
    expect(sent.map((m) => [m.text, m.html, m.attachments])).toEqual([
      ['', '', []],
      ['', '', []],
    ]);
    expect(await t.db.select().from(jobs)).toEqual([]);
  });
});

describe('delivery', () => {
  async function outboxWith(inbox: SmtpInbox) {
    const database = await freshDatabase();
    const mailer = smtpMailer(inbox.url, FROM);
    cleanup.push(async () => {
      await mailer.close();
      await database.close();
    });
    const clock = new TestClock();
    const runner = jobRunner({ db: database.db, clock, log: { warn: () => undefined, error: () => undefined } });
    return { db: database.db, clock, runner, mail: mailOutbox({ db: database.db, clock, mailer, jobs: runner }) };
  }
  const message = {
    to: 'ana@example.com',
    subject: 'Booking confirmed: Yoga',
    text: 'See you there.',
    html: '<p>See you there.</p>',
    attachments: [
      { filename: 'Yoga.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
      { filename: 'logo.bin', contentType: 'application/octet-stream', content: Buffer.from([0, 255, 1, 254]) },
    ],
  };

  it('backs off after a refused send and retries until the server takes it', async () => {
    const inbox = await inboxOn();
    const { db, clock, runner, mail } = await outboxWith(inbox);
    inbox.refuseNext(2);
    await db.transaction((tx) => mail.queue(tx, [message]));

    await runner.runDue();
    const [first] = await db.select().from(outboxTable);
    expect(first).toMatchObject({ attempts: 1, sentAt: null });
    expect(must(first, 'first').lastError).toMatch(/451/);
    clock.advanceMinutes(0.5);
    await runner.runDue(); // second refusal; the next wait is twice as long
    expect(must((await db.select().from(outboxTable))[0], '(await db.select().from(outboxTable))[0]').attempts).toBe(2);
    clock.advanceMinutes(0.5);
    expect(await runner.runDue()).toBe(0);
    clock.advanceMinutes(0.5);
    expect(await runner.runDue()).toBe(1);

    expect(inbox.messages).toHaveLength(1);
    const [got] = inbox.messages;
    expect(must(got, 'got').subject).toBe('Booking confirmed: Yoga');
    expect(must(got, 'got').attachments.map((a) => [a.filename, [...a.content]])).toEqual([
      ['Yoga.ics', [...Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')]],
      ['logo.bin', [0, 255, 1, 254]],
    ]);
    expect((await db.select().from(outboxTable))[0]).toMatchObject({ attempts: 3, lastError: null, sentAt: clock.now() });
  });

  it('sends nothing for a change that was rolled back', async () => {
    const inbox = await inboxOn();
    const { db, runner, mail } = await outboxWith(inbox);
    await expect(
      db.transaction(async (tx) => {
        await mail.queue(tx, [message]);
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await runner.runDue()).toBe(0);
    expect(await db.select().from(outboxTable)).toEqual([]);
    expect(inbox.messages).toEqual([]);
  });
});

describe('sign-in links', () => {
  it('go out at once, without waiting for the next poll', async () => {
    const inbox = await inboxOn();
    const t = await appWithSmtp(inbox.port);
    await t.app.jobs.start({ pollMs: 60 * 60_000 });
    // An agent that does not run the jobs itself: only the running app delivers.
    const browser = new Agent(t.app);
    expect((await browser.post('/api/login', { email: 'ana@example.com' })).status).toBe(200);
    const [mail] = await inbox.received(1);
    expect(must(mail, 'mail').subject).toBe('Finish creating your Slotted account');
    expect(must(mail, 'mail').text).toMatch(/\/magic-link\/[A-Za-z0-9_-]{43}/);
  });
});
