import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../db/schema.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';
import type { PublicProfile, ServiceSlotsResponse } from '@slotted/contract';

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
  expect(await t.db.select().from(users)).toHaveLength(1);

  const profile = (await t.agent().get<{ data: PublicProfile }>('/api/profile/demo')).body.data;
  expect(profile).toMatchObject({ name: 'Harbour Yoga & Movement', username: 'demo' });
  expect(profile.avatar).toMatch(/^\/images\//);
  expect(profile.cover).toMatch(/^\/images\//);
  expect(profile.services.map((s) => `${s.type}:${s.name}`).sort()).toEqual([
    'appointment:1:1 Mobility Session', 'appointment:Personal Training', 'class:Sunrise Yoga', 'class:Vinyasa Flow', 'class:Yin & Restore',
  ]);
  expect(profile.policy.terms_of_service).toContain('Studio terms');

  // Vinyasa runs Mon/Wed/Fri 18:30 and Sat 10:00, Madrid time, from tomorrow (Tue 24 Nov 2026).
  const vinyasa = profile.services.find((s) => s.name === 'Vinyasa Flow')!;
  const slots = (await t.agent().get<ServiceSlotsResponse>(`/api/services/${vinyasa.id}/slots?timezone=Europe/Madrid`)).body.data;
  expect(slots.slice(0, 4).map((d) => `${d.weekday} ${d.slots.map((s) => s.time).join(',')}`)).toEqual(['Wed 18:30', 'Fri 18:30', 'Sat 10:00', 'Mon 18:30']);
  const massage = profile.services.find((s) => s.name === '1:1 Mobility Session')!;
  const free = (await t.agent().get<ServiceSlotsResponse>(`/api/services/${massage.id}/slots?timezone=Europe/Madrid`)).body.data;
  // Saturday 09:00–14:00, with the 10:00 class taking that hour.
  const saturday = free.find((d) => d.weekday === 'Sat')!.slots;
  expect(saturday.filter((s) => s.available).map((s) => s.time)).toEqual(['09:00', '11:00', '12:00', '13:00']);
  expect(saturday.filter((s) => s.taken).map((s) => s.time)).toEqual(['10:00']);
});
