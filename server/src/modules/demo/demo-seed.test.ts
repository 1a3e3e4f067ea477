import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, lastLinkToken, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../db/schema.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';
import { HISTORY_CLIENTS, HISTORY_WEEKS } from './demo-history.ts';
import type { Insights, Membership, ProviderPlan, PublicProfile, ScheduleDay, ServiceSlotsResponse } from '@slotted/contract';
import { must } from '../../../test/support/must.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

it('seeds a believable demo studio on an empty database, once', async () => {
  expect(await seedDemoIfEmpty(t.db, t.clock)).toBe(true);
  expect(await seedDemoIfEmpty(t.db, t.clock)).toBe(false);
  // The provider, the three named clients and the regulars of the history.
  expect(await t.db.select().from(users)).toHaveLength(4 + HISTORY_CLIENTS.length);

  const profile = (await t.agent().get<{ data: PublicProfile }>('/api/profile/demo')).body.data;
  expect(profile).toMatchObject({ name: 'Harbour Yoga & Movement', username: 'demo' });
  expect(profile.avatar).toMatch(/^\/images\//);
  expect(profile.cover).toMatch(/^\/images\//);
  expect(profile.services.map((s) => `${s.type}:${s.name}`).sort()).toEqual([
    'appointment:1:1 Mobility Session',
    'appointment:Personal Training',
    'class:Sunrise Yoga',
    'class:Vinyasa Flow',
    'class:Yin & Restore',
  ]);
  expect(profile.policy.terms_of_service).toContain('Studio terms');
  // A monthly membership with class credits and a pack of sessions valid three months (docs/product-rules.md#first-run).
  const classIds = profile.services
    .filter((s) => s.type === 'class')
    .map((s) => s.id)
    .sort((a, b) => a - b);
  const sessionIds = profile.services
    .filter((s) => s.type === 'appointment')
    .map((s) => s.id)
    .sort((a, b) => a - b);
  expect(profile.plans).toMatchObject([
    { name: 'Monthly Flow Membership', price: 79, interval: 'month', expires_in: null, services: [{ quantity: 8, services: classIds }] },
    { name: '5-Session Pack', price: 225, interval: '', expires_in: '3', services: [{ quantity: 5, services: sessionIds }] },
  ]);
  expect(profile.plans.every((p) => p.cover?.startsWith('/images/') && p.benefits.length === 3)).toBe(true);
  // The pack's card says how long it is valid; its benefits do not say it again.
  expect(profile.plans.flatMap((p) => p.benefits).filter((b) => /valid for/i.test(b))).toEqual([]);

  // Vinyasa runs Mon/Wed/Fri 18:30 and Sat 10:00, Madrid time, from tomorrow (Tue 24 Nov 2026).
  const vinyasa = must(
    profile.services.find((s) => s.name === 'Vinyasa Flow'),
    "profile.services.find((s) => s.name === 'Vinyasa Flow')",
  );
  const slots = (await t.agent().get<ServiceSlotsResponse>(`/api/services/${vinyasa.id}/slots?timezone=Europe/Madrid`)).body.data;
  expect(slots.slice(0, 4).map((d) => `${d.weekday} ${d.slots.map((s) => s.time).join(',')}`)).toEqual([
    'Wed 18:30',
    'Fri 18:30',
    'Sat 10:00',
    'Mon 18:30',
  ]);
  const massage = must(
    profile.services.find((s) => s.name === '1:1 Mobility Session'),
    "profile.services.find((s) => s.name === '1:1 Mobility Session')",
  );
  const free = (await t.agent().get<ServiceSlotsResponse>(`/api/services/${massage.id}/slots?timezone=Europe/Madrid`)).body.data;
  // Saturday 09:00–14:00, with the 10:00 class taking that hour.
  const saturday = must(
    free.find((d) => d.weekday === 'Sat'),
    "free.find((d) => d.weekday === 'Sat')",
  ).slots;
  expect(saturday.filter((s) => s.available).map((s) => s.time)).toEqual(['09:00', '11:00', '12:00', '13:00']);
  expect(saturday.filter((s) => s.taken).map((s) => s.time)).toEqual(['10:00']);
});

it('gives the demo studio clients and bookings to look at', async () => {
  await seedDemoIfEmpty(t.db, t.clock);
  const demo = t.agent();
  await demo.post('/api/login', { email: 'demo@example.com' });
  await demo.post('/api/magic-link', { token: lastLinkToken(t.outbox, 'demo@example.com') });
  const clients = (await demo.get<{ data: { name: string }[] }>('/api/clients')).body.data;
  expect(clients.map((c) => c.name)).toEqual(
    ['Aiko Tanaka', 'Lucía Romero', 'Tom Becker', ...HISTORY_CLIENTS.map((c) => c.name)].sort((a, b) => a.localeCompare(b)),
  );
  const future = (await demo.get<{ data: ScheduleDay[] }>('/api/schedule?subset=future')).body.data.flatMap((d) => d.slots);
  const vinyasa = future.filter((c) => c.service.name === 'Vinyasa Flow');
  expect(vinyasa.slice(0, 2).map((c) => [c.participants, c.appointments.filter((a) => a.status === 'cancelled').length])).toEqual([
    [3, 0],
    [2, 1],
  ]);
  // Lucía's next 1:1 falls on a day the studio is open (Monday to Saturday, hours permitting).
  const luciasSession = must(
    future.find((c) => c.kind === 'appointment' && c.service.name === '1:1 Mobility Session'),
    'Lucía’s next 1:1',
  );
  expect(['Sat', 'Sun']).not.toContain(
    new Date(luciasSession.starts_at).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'Europe/Madrid' }),
  );
  const past = (await demo.get<{ data: ScheduleDay[] }>('/api/schedule?subset=past')).body.data.flatMap((d) => d.slots);
  expect(new Set(past.map((c) => c.service.name))).toEqual(
    new Set(['Vinyasa Flow', 'Yin & Restore', 'Sunrise Yoga', '1:1 Mobility Session', 'Personal Training']),
  );

  // Some clients hold the demo plans, with bookings paid by a credit (docs/product-rules.md#first-run).
  const plans = (await demo.get<{ data: ProviderPlan[] }>('/api/plans')).body.data;
  expect(plans.map((p) => [p.name, p.total_sales])).toEqual([
    ['Monthly Flow Membership', { memberships: 1, amount: 79, unpaid: { memberships: 0, amount: 0 } }],
    // Aiko pays her pack at the studio: the plans table says what she owes.
    ['5-Session Pack', { memberships: 1, amount: 0, unpaid: { memberships: 1, amount: 225 } }],
  ]);
  const passes = async (email: string) => {
    const client = t.agent();
    await client.post('/api/login', { email });
    await client.post('/api/magic-link', { token: lastLinkToken(t.outbox, email) });
    return (await client.get<{ data: Membership[] }>('/api/memberships')).body.data;
  };
  expect(await passes('lucia@example.com')).toMatchObject([
    {
      name: 'Monthly Flow Membership',
      status: 'active',
      used_count: 3,
      available_count: 5,
      missing_payment: false,
      can_be_cancelled: true,
    },
  ]);
  expect(await passes('aiko@example.com')).toMatchObject([
    { name: '5-Session Pack', status: 'active', used_count: 1, available_count: 4, missing_payment: true, expiration_day: '2027-02-18' },
  ]);
  expect(await passes('tom@example.com')).toEqual([]);
});

it('gives every Insights chart eight weeks of history to show', async () => {
  await seedDemoIfEmpty(t.db, t.clock);
  const demo = t.agent();
  await demo.post('/api/login', { email: 'demo@example.com' });
  await demo.post('/api/magic-link', { token: lastLinkToken(t.outbox, 'demo@example.com') });
  const insights = (await demo.get<{ data: Insights }>('/api/insights')).body.data;
  // The weeks before this one (the test's clock is a Monday morning): every chart has data in each.
  const pastWeeks = <T extends { week: string }>(weeks: T[]) => weeks.slice(0, HISTORY_WEEKS - 1);
  expect(insights.class_fill.map((c) => c.service.name).sort()).toEqual(['Sunrise Yoga', 'Vinyasa Flow', 'Yin & Restore']);
  for (const fill of insights.class_fill) {
    for (const week of pastWeeks(fill.weeks)) {
      expect(week.booked).toBeGreaterThan(0);
      expect(week.booked).toBeLessThanOrEqual(week.capacity);
    }
  }
  // New clients arrive week by week, and those who came before keep coming back.
  const clients = pastWeeks(insights.clients);
  expect(clients.every((w) => w.new > 0)).toBe(true);
  expect(clients.slice(1).every((w) => w.returning > 0)).toBe(true);
  // Mostly attended, a few no-shows.
  const attendance = pastWeeks(insights.attendance);
  expect(attendance.every((w) => w.attended > 0)).toBe(true);
  expect(attendance.reduce((n, w) => n + w.no_show, 0)).toBeGreaterThan(0);
  // Money taken at the desk in each month the history covers (October and November in full).
  const sales = new Map(insights.sales.map((m) => [m.month, m.in_person]));
  expect(sales.get('2026-10')).toBeGreaterThan(0);
  expect(sales.get('2026-11')).toBeGreaterThan(0);
});
