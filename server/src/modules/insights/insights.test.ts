import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Insights } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildAppointment, buildOccurrence, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import { eq } from 'drizzle-orm';
import { payments, slots } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Thursday 26 November 2026, 10:00 in New York: this week runs Monday 23 to Sunday 29 there.
const NOW = new Date('2026-11-26T15:00:00Z');
const WEEKS = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const THIS_WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(async () => {
  await t.close();
});

type Answer = { data: Insights };

async function insightsOf(user: Awaited<ReturnType<typeof buildProvider>>) {
  const reply = await (await signIn(t, user)).get<Answer>('/api/insights');
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe('GET /api/insights', () => {
  it('counts bookings, class places, new and returning clients and sales on the provider’s calendar', async () => {
    const studio = await buildProvider(t, { timezone: 'America/New_York' });
    const [ana, ben, cy, dee] = await Promise.all(['Ana', 'Ben', 'Cy', 'Dee'].map((name) => buildUser(t, { name })));
    const massage = await buildService(t, studio, { name: 'Massage' });
    const yoga = await buildService(t, studio, { name: 'Yoga', type: 'class', capacity: 4 });
    const pilates = await buildService(t, studio, { name: 'Pilates', type: 'class', capacity: 2 });

    // Ana first came in September, before the eight weeks.
    const first = await buildAppointment(t, { client: must(ana, 'ana'), service: massage, startsAt: '2026-09-01T14:00:00Z' });
    // Pilates, week of 5 October: full, Ana back and Dee new.
    const pilatesOct = await buildOccurrence(t, pilates, '2026-10-06T14:00:00Z');
    await buildAppointment(t, { client: must(ana, 'ana'), service: pilates, slot: pilatesOct });
    await buildAppointment(t, { client: must(dee, 'dee'), service: pilates, slot: pilatesOct });
    // A cancelled class offers no places.
    const cancelled = await buildOccurrence(t, yoga, '2026-11-11T14:00:00Z');
    await t.db.update(slots).set({ cancelledAt: NOW }).where(eq(slots.id, cancelled.id));
    // Week of 16 November: Yoga twice (one place of eight taken, by Ana), and Cy's first visit on
    // Sunday 22 at 22:00 in New York (already Monday in UTC).
    const yogaWed = await buildOccurrence(t, yoga, '2026-11-18T14:00:00Z');
    await buildOccurrence(t, yoga, '2026-11-20T14:00:00Z');
    await buildAppointment(t, { client: must(ana, 'ana'), service: yoga, slot: yogaWed });
    await buildAppointment(t, { client: must(cy, 'cy'), service: massage, startsAt: '2026-11-23T03:00:00Z' });
    // This week: Ben's first visit on Monday, Yoga on Wednesday with Ben and Cy (Ana cancelled, Dee
    // only holds a place), Ben again on Saturday (to come); Ana's Tuesday booking was cancelled.
    await buildAppointment(t, { client: must(ben, 'ben'), service: massage, startsAt: '2026-11-23T15:00:00Z' });
    const yogaThisWeek = await buildOccurrence(t, yoga, '2026-11-25T14:00:00Z');
    for (const client of [must(ben, 'ben'), must(cy, 'cy')]) await buildAppointment(t, { client, service: yoga, slot: yogaThisWeek });
    await buildAppointment(t, { client: must(ana, 'ana'), service: yoga, slot: yogaThisWeek, status: 'cancelled' });
    await buildAppointment(t, { client: must(dee, 'dee'), service: yoga, slot: yogaThisWeek, status: 'held' });
    await buildAppointment(t, { client: must(ben, 'ben'), service: massage, startsAt: '2026-11-28T16:00:00Z' });
    await buildAppointment(t, { client: must(ana, 'ana'), service: massage, startsAt: '2026-11-24T15:00:00Z', status: 'cancelled' });
    // Friday's Yoga has not happened yet: it does not count towards the fill rate.
    const yogaFriday = await buildOccurrence(t, yoga, '2026-11-27T14:00:00Z');
    await buildAppointment(t, { client: must(ana, 'ana'), service: yoga, slot: yogaFriday });

    // Another studio's bookings and money are not this one's.
    const elsewhere = await buildProvider(t, { timezone: 'America/New_York' });
    const theirYoga = await buildService(t, elsewhere, { name: 'Their yoga', type: 'class' });
    const theirs = await buildAppointment(t, {
      client: must(ana, 'ana'),
      service: theirYoga,
      slot: await buildOccurrence(t, theirYoga, '2026-11-25T16:00:00Z'),
    });

    const payment = (over: Partial<typeof payments.$inferInsert> & Pick<typeof payments.$inferInsert, 'amountCents' | 'method'>) => ({
      payerId: must(ana, 'ana').id,
      providerId: studio.id,
      appointmentId: first.id,
      status: 'succeeded' as const,
      ...over,
    });
    await t.db.insert(payments).values([
      // November: €40 by card, €10 of it refunded.
      payment({
        amountCents: 4000,
        method: 'card',
        status: 'partially_refunded',
        refundedCents: 1000,
        paidAt: new Date('2026-11-02T12:00:00Z'),
      }),
      // Still 31 October in New York.
      payment({ amountCents: 2500, method: 'in_person', paidAt: new Date('2026-11-01T03:00:00Z') }),
      // A card payment that never went through, one older than twelve months, another studio's.
      payment({ amountCents: 9900, method: 'card', status: 'pending' }),
      payment({ amountCents: 7000, method: 'in_person', paidAt: new Date('2025-11-15T12:00:00Z') }),
      payment({
        amountCents: 5000,
        method: 'in_person',
        providerId: elsewhere.id,
        appointmentId: theirs.id,
        paidAt: new Date('2026-11-02T12:00:00Z'),
      }),
    ]);

    const insights = await insightsOf(studio);

    expect(insights.timezone).toBe('America/New_York');
    expect(insights.this_week).toEqual(THIS_WEEK.map((date, i) => ({ date, bookings: [1, 0, 2, 0, 1, 1, 0][i] })));
    expect(insights.class_fill).toEqual([
      {
        service: { id: pilates.id, name: 'Pilates' },
        weeks: WEEKS.map((week) => (week === '2026-10-05' ? { week, booked: 2, capacity: 2 } : { week, booked: 0, capacity: 0 })),
      },
      {
        service: { id: yoga.id, name: 'Yoga' },
        weeks: WEEKS.map((week) =>
          week === '2026-11-16'
            ? { week, booked: 1, capacity: 8 }
            : week === '2026-11-23'
              ? { week, booked: 2, capacity: 4 }
              : { week, booked: 0, capacity: 0 },
        ),
      },
    ]);
    const mix = Object.fromEntries(insights.clients.map((w) => [w.week, [w.new, w.returning]]));
    expect(insights.clients.map((w) => w.week)).toEqual(WEEKS);
    expect(mix).toMatchObject({ '2026-10-05': [1, 1], '2026-11-09': [0, 0], '2026-11-16': [1, 1], '2026-11-23': [1, 1] });
    expect(insights.sales.map((m) => m.month)).toEqual(MONTHS);
    expect(insights.sales.find((m) => m.month === '2026-10')).toEqual({ month: '2026-10', card: 0, in_person: 25, refunded: 0, net: 25 });
    expect(insights.sales.find((m) => m.month === '2026-11')).toEqual({ month: '2026-11', card: 40, in_person: 0, refunded: 10, net: 30 });
    expect(insights.sales.filter((m) => m.net !== 0)).toHaveLength(2);
  });

  it('gives a new provider a week of zeros, no classes, quiet weeks and months', async () => {
    const insights = await insightsOf(await buildProvider(t, { timezone: 'Europe/Madrid' }));
    expect(insights).toEqual({
      timezone: 'Europe/Madrid',
      this_week: THIS_WEEK.map((date) => ({ date, bookings: 0 })),
      class_fill: [],
      clients: WEEKS.map((week) => ({ week, new: 0, returning: 0 })),
      sales: MONTHS.map((month) => ({ month, card: 0, in_person: 0, refunded: 0, net: 0 })),
      attendance: WEEKS.map((week) => ({ week, attended: 0, no_show: 0, not_marked: 0 })),
    });
  });

  it('keeps its path from becoming a username, so no profile hides behind the page', async () => {
    const client = await signIn(t, await buildUser(t));
    const reply = await client.postForm<{ errors: Record<string, string[]> }>('/api/me', {
      name: 'Ana',
      is_provider: '1',
      username: 'insights',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.username).toEqual(['This username is reserved. Please choose another one.']);
  });

  it('is for providers only', async () => {
    expect((await t.agent().get('/api/insights')).status).toBe(401);
    const client = await signIn(t, await buildUser(t));
    expect((await client.get('/api/insights')).status).toBe(403);
  });
});
