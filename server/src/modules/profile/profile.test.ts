import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { signUp } from '../../../test/support/accounts.ts';
import type { PublicProfile } from '@slotted/contract';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

it('shows a provider’s public profile with live services and cancellation policy', async () => {
  const provider = await signUp(t, 'studio@example.com', { username: 'studio', name: 'Studio' });
  await provider.postForm('/api/me', { name: 'Studio', bio: 'Breathe.', phone: '+34 600 000 000' });
  await provider.post('/api/services', { name: 'Yoga', type: 'class', price: 12, duration: 60 });
  const gone = await provider.post<{ data: { id: number } }>('/api/services', { name: 'Old', type: 'class', price: 12, duration: 60 });
  await provider.request('DELETE', `/api/services/${gone.body.data.id}`);
  await provider.post('/api/policies', { min_hours_before_booking: 1, max_days_before_booking: 30, min_hours_before_cancellation: 12, terms_of_service: '<p>Be on time.</p>' });

  const res = await t.agent().get<{ data: PublicProfile }>('/api/profile/Studio');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    name: 'Studio', username: 'studio', bio: 'Breathe.', phone: '+34 600 000 000', email: 'studio@example.com', plans: [],
    policy: { min_hours_before_cancellation: 12, terms_of_service: '<p>Be on time.</p>' },
  });
  expect(res.body.data.services.map((s) => s.name)).toEqual(['Yoga']);
});

it('answers 404 for unknown usernames and for people who are not providers', async () => {
  const client = await signUp(t, 'client@example.com');
  await client.postForm('/api/me', { name: 'Cleo', username: 'cleo' });
  expect((await t.agent().get('/api/profile/cleo')).status).toBe(404);
  expect((await t.agent().get('/api/profile/nobody')).status).toBe(404);
});
