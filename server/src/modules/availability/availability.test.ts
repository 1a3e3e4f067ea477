import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildProvider, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';

let t: TestApp;
let provider: Agent;
beforeEach(async () => {
  t = await createTestApp();
  provider = await signIn(t, await buildProvider(t, { username: 'studio' }));
});
afterEach(async () => {
  await t.close();
});

type Body<T> = { data: T; timezone?: string; errors?: Record<string, string[]> };
type Day = { weekday: number; name: string; abbreviation: string; available: boolean; from: string; to: string };

const week = (change: (d: { weekday: number; available: boolean; from: string; to: string }) => object = () => ({})) => ({
  data: [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const d = { weekday, available: weekday <= 5, from: '08:00', to: '17:00' };
    return { ...d, ...change(d) };
  }),
});

describe('working hours', () => {
  it('starts at Monday–Friday 08:00–17:00 in the provider’s zone and saves a new week', async () => {
    const initial = await provider.get<Body<Day[]>>('/api/work-days');
    expect(initial.body.timezone).toBe('Europe/Madrid');
    expect(initial.body.data.map((d) => `${d.abbreviation} ${d.available ? `${d.from}-${d.to}` : 'off'}`)).toEqual([
      'Mon 08:00-17:00',
      'Tue 08:00-17:00',
      'Wed 08:00-17:00',
      'Thu 08:00-17:00',
      'Fri 08:00-17:00',
      'Sat off',
      'Sun off',
    ]);
    const saved = await provider.post<Body<Day[]>>(
      '/api/work-days',
      week((d) => (d.weekday === 6 ? { available: true, from: '10:00', to: '14:30' } : {})),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data[5]).toEqual({ weekday: 6, name: 'Saturday', abbreviation: 'Sat', available: true, from: '10:00', to: '14:30' });
    expect((await provider.get<Body<Day[]>>('/api/work-days')).body.data[5]).toMatchObject({ available: true, from: '10:00' });
  });

  it('refuses an end before the start, malformed times and incomplete weeks, per field', async () => {
    const backwards = await provider.post<Body<unknown>>(
      '/api/work-days',
      week((d) => (d.weekday === 2 ? { from: '18:00', to: '09:00' } : {})),
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ 'data.1.to': ['The end time must be after the start time.'] });
    const malformed = await provider.post<Body<unknown>>(
      '/api/work-days',
      week((d) => (d.weekday === 1 ? { from: '25:00' } : {})),
    );
    expect(malformed.body.errors).toEqual({ 'data.0.from': ['Please enter a time as HH:MM.'] });
    const short = await provider.post<Body<unknown>>('/api/work-days', { data: week().data.slice(0, 3) });
    expect(short.body.errors).toEqual({ data: ['Send all seven days.'] });
    expect((await provider.get<Body<Day[]>>('/api/work-days')).body.data[1]).toMatchObject({ from: '08:00', to: '17:00' });
  });

  it('is for providers only', async () => {
    const client = await signIn(t, await buildUser(t));
    expect((await client.get('/api/work-days')).status).toBe(403);
    expect((await client.post('/api/work-days', week())).status).toBe(403);
    expect((await t.agent().get('/api/work-days')).status).toBe(401);
  });
});

describe('policies', () => {
  it('has defaults, accepts the spec’s options and sanitises the terms', async () => {
    expect((await provider.get<Body<object>>('/api/policies')).body.data).toEqual({
      min_hours_before_booking: 1,
      max_days_before_booking: 30,
      min_hours_before_cancellation: 24,
      reminder_hours_before: 24,
      terms_of_service: '',
    });
    const saved = await provider.post<Body<object>>('/api/policies', {
      min_hours_before_booking: 4,
      max_days_before_booking: 90,
      min_hours_before_cancellation: 0,
      reminder_hours_before: 48,
      terms_of_service: '<p>No refunds<script>x</script></p>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      min_hours_before_booking: 4,
      max_days_before_booking: 90,
      min_hours_before_cancellation: 0,
      reminder_hours_before: 48,
      terms_of_service: '<p>No refunds</p>',
    });
    expect((await provider.get<Body<object>>('/api/policies')).body.data).toEqual(saved.body.data);
  });

  it('keeps the reminder notice when a caller leaves it out, and turns reminders off with 0', async () => {
    const base = { min_hours_before_booking: 1, max_days_before_booking: 30, min_hours_before_cancellation: 24 };
    await provider.post('/api/policies', { ...base, reminder_hours_before: 2 });
    const kept = await provider.post<Body<{ reminder_hours_before: number }>>('/api/policies', { ...base, min_hours_before_booking: 4 });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ min_hours_before_booking: 4, reminder_hours_before: 2 });
    const off = await provider.post<Body<{ reminder_hours_before: number }>>('/api/policies', { ...base, reminder_hours_before: 0 });
    expect(off.body.data.reminder_hours_before).toBe(0);
    expect((await provider.get<Body<{ reminder_hours_before: number }>>('/api/policies')).body.data.reminder_hours_before).toBe(0);
  });

  it('refuses values outside the option lists', async () => {
    const res = await provider.post<Body<unknown>>('/api/policies', {
      min_hours_before_booking: 5,
      max_days_before_booking: 365,
      min_hours_before_cancellation: 2,
      reminder_hours_before: 12,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      min_hours_before_booking: ['Choose one of the booking notice options.'],
      max_days_before_booking: ['Choose one of the advance booking options.'],
      min_hours_before_cancellation: ['Choose one of the cancellation notice options.'],
      reminder_hours_before: ['Choose one of the reminder options.'],
    });
  });
});

describe('time off', () => {
  it('adds, edits and deletes periods in the provider’s wall clock', async () => {
    const added = await provider.post<Body<{ id: number }>>('/api/time-off', {
      from_date: '2026-12-24',
      from_time: '13:00',
      until_date: '2027-01-02',
      until_time: '09:00',
      note: 'Holidays',
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      from_date: '2026-12-24',
      from_time: '13:00',
      until_date: '2027-01-02',
      until_time: '09:00',
      note: 'Holidays',
    });
    const id = added.body.data.id;
    const edited = await provider.request<Body<object>>('PUT', `/api/time-off/${id}`, {
      json: { from_date: '2026-12-24', from_time: '00:00', until_date: '2026-12-27', until_time: '00:00' },
    });
    expect(edited.body.data).toMatchObject({ from_time: '00:00', until_date: '2026-12-27', note: '' });
    expect((await provider.get<Body<object[]>>('/api/time-off')).body.data).toHaveLength(1);
    expect((await provider.request('DELETE', `/api/time-off/${id}`)).status).toBe(204);
    expect((await provider.get<Body<object[]>>('/api/time-off')).body.data).toHaveLength(0);
  });

  it('refuses an end before the start and other providers’ periods', async () => {
    const res = await provider.post<Body<unknown>>('/api/time-off', {
      from_date: '2026-12-24',
      from_time: '13:00',
      until_date: '2026-12-24',
      until_time: '12:00',
    });
    expect(res.body.errors).toEqual({ until_time: ['The end must be after the start.'] });
    const dayBefore = await provider.post<Body<unknown>>('/api/time-off', {
      from_date: '2026-12-24',
      from_time: '09:00',
      until_date: '2026-12-23',
      until_time: '18:00',
    });
    expect(dayBefore.status).toBe(422);
    expect(dayBefore.body.errors).toEqual({ until_date: ['The end date must be on or after the start date.'] });
    const bad = await provider.post<Body<unknown>>('/api/time-off', {
      from_date: '2026-02-30',
      from_time: '13:00',
      until_date: '2026-12-24',
      until_time: '12:00',
    });
    expect(bad.body.errors?.from_date).toEqual(['Please choose a valid date.']);
    const mine = await provider.post<Body<{ id: number }>>('/api/time-off', {
      from_date: '2026-12-24',
      from_time: '13:00',
      until_date: '2026-12-25',
      until_time: '12:00',
    });
    const other = await signIn(t, await buildProvider(t, { username: 'other' }));
    expect((await other.request('DELETE', `/api/time-off/${mine.body.data.id}`)).status).toBe(404);
  });
});

describe('public holidays', () => {
  type Holidays = {
    country: string | null;
    year: number;
    countries: { code: string }[];
    holidays: { date: string; name: string; weekday: string; available: boolean }[];
  };

  it('lists the chosen country’s holidays, each unavailable until marked available', async () => {
    const none = await provider.get<Body<Holidays>>('/api/holidays?year=2026');
    expect(none.body.data.country).toBeNull();
    expect(none.body.data.holidays).toEqual([]);
    expect(none.body.data.countries.map((c) => c.code)).toContain('ES');

    expect((await provider.post('/api/holidays/country', { country: 'ES' })).status).toBe(204);
    const es = await provider.get<Body<Holidays>>('/api/holidays?year=2026');
    expect(es.body.data.holidays).toContainEqual({
      date: '2026-10-12',
      name: 'Fiesta Nacional de España',
      weekday: 'Monday',
      available: false,
    });
    expect((await provider.post('/api/holidays/choice', { date: '2026-10-12', available: true })).status).toBe(204);
    const after = await provider.get<Body<Holidays>>('/api/holidays?year=2026');
    expect(after.body.data.holidays.find((h) => h.date === '2026-10-12')?.available).toBe(true);

    const notHoliday = await provider.post<Body<unknown>>('/api/holidays/choice', { date: '2026-10-13', available: true });
    expect(notHoliday.body.errors).toEqual({ date: ['That day is not a public holiday of your country.'] });
    const badCountry = await provider.post<Body<unknown>>('/api/holidays/country', { country: 'XX' });
    expect(badCountry.body.errors).toEqual({ country: ['Choose a country from the list.'] });
  });
});
