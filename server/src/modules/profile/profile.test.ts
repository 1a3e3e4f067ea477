import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildPolicy, buildProvider, buildService, buildUser } from '../../../test/support/factories.ts';
import type { PublicProfile } from '@slotted/contract';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

it('shows a provider’s public profile with live services and cancellation policy', async () => {
  const provider = await buildProvider(t, {
    email: 'studio@example.com',
    username: 'studio',
    name: 'Studio',
    bio: 'Breathe.',
    phone: '+34 600 000 000',
  });
  await buildService(t, provider, { name: 'Yoga', type: 'class' });
  await buildService(t, provider, { name: 'Old', type: 'class', deletedAt: t.clock.now() });
  await buildPolicy(t, provider, { minHoursBeforeCancellation: 12, termsHtml: '<p>Be on time.</p>' });

  const res = await t.agent().get<{ data: PublicProfile }>('/api/profile/Studio');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    name: 'Studio',
    username: 'studio',
    bio: 'Breathe.',
    phone: '+34 600 000 000',
    email: 'studio@example.com',
    plans: [],
    policy: { min_hours_before_cancellation: 12, terms_of_service: '<p>Be on time.</p>' },
  });
  expect(res.body.data.services.map((s) => s.name)).toEqual(['Yoga']);
});

it('answers 404 for unknown usernames and for people who are not providers', async () => {
  await buildUser(t, { name: 'Cleo', username: 'cleo' });
  expect((await t.agent().get('/api/profile/cleo')).status).toBe(404);
  expect((await t.agent().get('/api/profile/nobody')).status).toBe(404);
});
