import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildPolicy, buildProvider, buildService, buildWorkDays, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import type { ServiceSlotsResponse } from '@slotted/contract';
import type { users } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC = 10:00 in Madrid. Default hours Mon–Fri 08:00–17:00, notice 1 h, 30 days ahead.
let t: TestApp;
let studio: typeof users.$inferSelect;
let provider: Agent;
let massage: number;
let yoga: number;
beforeEach(async () => {
  t = await createTestApp();
  studio = await buildProvider(t, { username: 'studio', name: 'Studio' });
  provider = await signIn(t, studio);
  massage = (await buildService(t, studio, { name: 'Massage', priceCents: 4000, durationMinutes: 60 })).id;
  yoga = (await buildService(t, studio, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 2 })).id;
});
afterEach(async () => {
  await t.close();
});

const slotsOf = async (a: Agent, id: number, tz = 'Europe/Madrid') =>
  (await a.get<ServiceSlotsResponse>(`/api/services/${id}/slots?timezone=${encodeURIComponent(tz)}`)).body;
const times = (body: ServiceSlotsResponse, date: string) => body.data.find((d) => d.date === date)?.slots.map((s) => s.time) ?? [];

describe('GET /api/services/{id}/slots', () => {
  it('lists appointment times within working hours, notice and the advance window, for visitors', async () => {
    const body = await slotsOf(t.agent(), massage);
    expect(body.meta).toMatchObject({
      timezone: 'Europe/Madrid',
      max_days_before_booking: 30,
      service: { id: massage, name: 'Massage', is_mine: false },
    });
    expect(times(body, '2026-11-23')).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(times(body, '2026-11-24')).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(times(body, '2026-11-28')).toEqual([]);
    expect(must(body.data.at(-1), 'body.data.at(-1)').date < '2026-12-24').toBe(true);
    expect(must(body.data[0], 'body.data[0]').slots[0]).toEqual({
      id: '2026-11-23T10:00:00Z',
      date: '2026-11-23',
      time: '11:00',
      until: '12:00',
      starts_at: '2026-11-23T10:00:00Z',
      ends_at: '2026-11-23T11:00:00Z',
      available: true,
      booked_by_you: false,
      taken: false,
    });
  });

  it('shows the same times in the viewer’s zone', async () => {
    const body = await slotsOf(t.agent(), massage, 'America/New_York');
    expect(body.data[0]).toMatchObject({ date: '2026-11-23', weekday: 'Mon', day: 23, month: 'Nov' });
    expect(times(body, '2026-11-23')).toEqual(['05:00', '06:00', '07:00', '08:00', '09:00', '10:00']);
    const kathmandu = await slotsOf(t.agent(), massage, 'Asia/Kathmandu');
    expect(times(kathmandu, '2026-11-23')).toEqual(['15:45', '16:45', '17:45', '18:45', '19:45', '20:45']);
  });

  it('leaves out time off and holidays, and marks time taken by classes', async () => {
    await provider.post('/api/time-off', { from_date: '2026-11-24', from_time: '12:00', until_date: '2026-11-24', until_time: '14:00' });
    await provider.post('/api/repeaters', { service_id: yoga, start_at: '2026-11-25 09:30', repeat_every: null });
    await provider.post('/api/holidays/country', { country: 'ES' });
    const body = await slotsOf(t.agent(), massage);
    expect(times(body, '2026-11-24')).toEqual(['08:00', '09:00', '10:00', '11:00', '14:00', '15:00', '16:00']);
    const wed = must(
      body.data.find((d) => d.date === '2026-11-25'),
      "body.data.find((d) => d.date === '2026-11-25')",
    ).slots;
    expect(wed.filter((s) => s.taken).map((s) => s.time)).toEqual(['09:00', '10:00']);
    // 8 December is a public holiday in Spain.
    expect(times(body, '2026-12-08')).toEqual([]);
    await provider.post('/api/holidays/choice', { date: '2026-12-08', available: true });
    expect(times(await slotsOf(t.agent(), massage), '2026-12-08')).toHaveLength(9);
  });

  it('lists class occurrences with their availability', async () => {
    await provider.post('/api/repeaters', { service_id: yoga, start_at: '2026-11-24 18:00', repeat_every: '1w', weekdays: ['tue'] });
    const body = await slotsOf(t.agent(), yoga);
    expect(body.data.map((d) => d.date)).toEqual(['2026-11-24', '2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22']);
    expect(must(body.data[0], 'body.data[0]').slots[0]).toMatchObject({
      time: '18:00',
      until: '19:00',
      available: true,
      taken: false,
      booked_by_you: false,
    });
  });

  it('follows the provider’s policies', async () => {
    await buildPolicy(t, studio, { minHoursBeforeBooking: 24, maxDaysBeforeBooking: 3 });
    const body = await slotsOf(t.agent(), massage);
    expect(body.data.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(times(body, '2026-11-24')[0]).toBe('10:00');
  });

  it('answers 404 for unknown or deleted services and 422 for an unknown zone', async () => {
    expect((await t.agent().get('/api/services/999999/slots?timezone=UTC')).status).toBe(404);
    await provider.request('DELETE', `/api/services/${massage}`);
    expect((await t.agent().get(`/api/services/${massage}/slots?timezone=UTC`)).status).toBe(404);
    const bad = await t.agent().get<{ errors: Record<string, string[]> }>(`/api/services/${yoga}/slots?timezone=Mars%2FOlympus`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ timezone: ['Please choose a valid time zone.'] });
  });
});

describe('GET /api/services/{id}/slots answers one bounded window at a time', () => {
  type Err = { errors: Record<string, string[]> };
  const page = async (id: number, query: string) =>
    (await t.agent().get<ServiceSlotsResponse>(`/api/services/${id}/slots?timezone=Europe%2FMadrid&${query}`)).body;
  const count = (body: ServiceSlotsResponse) => body.data.reduce((n, d) => n + d.slots.length, 0);

  it('covers today and the next 30 days by default, and says when there is nothing more', async () => {
    const body = await slotsOf(t.agent(), massage);
    expect(body.meta).toMatchObject({ from: '2026-11-23', to: '2026-12-23', next_from: null, has_more: false });
  });

  it('answers the days asked for, and where the next ones start', async () => {
    const body = await page(massage, 'from=2026-11-30&to=2026-12-01');
    expect(body.data.map((d) => d.date)).toEqual(['2026-11-30', '2026-12-01']);
    expect(body.meta).toMatchObject({ from: '2026-11-30', to: '2026-12-01', next_from: '2026-12-02', has_more: true });
    // The last window reaching the 30-day limit has no next page.
    expect((await page(massage, 'from=2026-12-20&to=2026-12-31')).meta).toMatchObject({ next_from: null, has_more: false });
    expect((await page(massage, 'from=2026-11-01&to=2026-11-20')).meta).toMatchObject({ next_from: '2026-11-23', has_more: true });
  });

  it('refuses windows longer than 31 days, reversed or without a first day', async () => {
    const errorsOf = async (query: string) => {
      const res = await t.agent().get<Err>(`/api/services/${massage}/slots?timezone=UTC&${query}`);
      expect(res.status).toBe(422);
      return res.body.errors;
    };
    expect(await errorsOf('from=2026-12-01&to=2027-01-01')).toEqual({ to: ['Choose at most 31 days at a time.'] });
    expect(await errorsOf('from=2026-12-01&to=2026-11-30')).toEqual({ to: ['The last day cannot be before the first.'] });
    expect(await errorsOf('to=2026-12-01')).toEqual({ from: ['Choose the first day as well.'] });
    expect(await errorsOf('from=2026-02-30')).toEqual({ from: ['Please choose a valid date.'] });
    expect((await t.agent().get(`/api/services/${massage}/slots?timezone=UTC&from=2026-12-01&to=2026-12-31`)).status).toBe(200);
  });

  it('a 1-minute service open around the clock for 180 days answers whole days up to a fixed number of slots', async () => {
    await buildWorkDays(t, studio, { weekdays: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' });
    await buildPolicy(t, studio, { minHoursBeforeBooking: 0, maxDaysBeforeBooking: 180 });
    const minute = (await buildService(t, studio, { name: 'Minute', priceCents: 100, durationMinutes: 1 })).id;

    // Today from 10:00 Madrid: 839 one-minute slots; tomorrow's 1,439 more would pass the limit.
    const first = await page(minute, '');
    expect(first.data.map((d) => [d.date, d.slots.length])).toEqual([['2026-11-23', 839]]);
    expect(first.meta).toMatchObject({ from: '2026-11-23', to: '2026-12-23', next_from: '2026-11-24', has_more: true });

    const second = await page(minute, `from=${first.meta.next_from}`);
    expect(second.data.map((d) => d.date)).toEqual(['2026-11-24']);
    expect(must(must(second.data[0], 'second.data[0]').slots.at(-1), "must(second.data[0], 'second.data[0]').slots.at(-1)").time).toBe(
      '23:58',
    );
    expect(second.meta.next_from).toBe('2026-11-25');

    // However far ahead and however long the window, one answer stays under the limit.
    for (const query of ['from=2027-04-01&to=2027-05-01', 'from=2027-05-21&to=2027-05-31']) {
      const body = await page(minute, query);
      expect(count(body)).toBeGreaterThan(0);
      expect(count(body)).toBeLessThanOrEqual(2000);
    }
    // The offer ends 180 × 24 h from now: 09:00 UTC, 11:00 in Madrid's summer time.
    const last = await page(minute, 'from=2027-05-22&to=2027-05-31');
    expect(last.data.map((d) => d.date)).toEqual(['2027-05-22']);
    expect(must(must(last.data[0], 'last.data[0]').slots.at(-1), "must(last.data[0], 'last.data[0]').slots.at(-1)").time).toBe('10:59');
    expect(last.meta).toMatchObject({ next_from: null, has_more: false });
  });
});
