import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildProvider, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';

let t: TestApp;
let provider: Agent;
beforeEach(async () => {
  t = await createTestApp();
  provider = await signIn(t, await buildProvider(t, { name: 'Studio', username: 'studio' }));
});
afterEach(async () => {
  await t.close();
});

type One = { data: Record<string, unknown> & { id: number } };
type Many = { data: (Record<string, unknown> & { id: number })[] };
type Err = { errors: Record<string, string[]> };

const yoga = {
  name: 'Morning Yoga',
  type: 'class',
  description: '<p>Bring a <strong>mat</strong></p>',
  price: 12.5,
  duration: 60,
  location: 'Studio A',
  capacity: 12,
};
const massage = {
  name: 'Sports massage',
  type: 'appointment',
  description: '',
  price: '45,00',
  duration: 45,
  location: 'Room 2',
  capacity: 7,
};

describe('services API', () => {
  it('creates, lists, updates and deletes the provider’s services', async () => {
    const created = await provider.post<One>('/api/services', yoga);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Morning Yoga',
      type: 'class',
      price: 12.5,
      duration: 60,
      capacity: 12,
      location: 'Studio A',
      description: '<p>Bring a <strong>mat</strong></p>',
      is_mine: true,
      paid_appointments: 0,
      cancelled_appointments: 0,
      provider: { name: 'Studio', username: 'studio' },
    });
    const second = await provider.post<One>('/api/services', massage);
    // An appointment is one client per slot, whatever capacity was sent.
    expect(second.body.data).toMatchObject({ price: 45, capacity: 1, type: 'appointment' });

    const all = await provider.get<Many>('/api/services');
    expect(all.body.data.map((s) => s.name)).toEqual(['Morning Yoga', 'Sports massage']);
    const classes = await provider.get<Many>('/api/services?type=class');
    expect(classes.body.data.map((s) => s.name)).toEqual(['Morning Yoga']);

    const updated = await provider.request<One>('PUT', `/api/services/${created.body.data.id}`, {
      json: { ...yoga, name: 'Sunrise Yoga', price: '14' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Sunrise Yoga', price: 14 });

    expect((await provider.request('DELETE', `/api/services/${created.body.data.id}`)).status).toBe(204);
    expect((await provider.get<Many>('/api/services')).body.data.map((s) => s.name)).toEqual(['Sports massage']);
    expect((await provider.request('DELETE', `/api/services/${created.body.data.id}`)).status).toBe(404);
  });

  it('sanitises the description before storing it', async () => {
    const res = await provider.post<One>('/api/services', {
      ...yoga,
      description: '<p>Hi<script>alert(1)</script></p><a href="javascript:x()">x</a>',
    });
    expect(res.body.data.description).toBe('<p>Hi</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it.each([
    [{ price: 12.345 }, 'price', 'The price can have at most two decimals.'],
    [{ price: 10000.01 }, 'price', 'The price must be between €0 and €10,000.'],
    [{ capacity: 1001 }, 'capacity', 'The capacity must be between 0 and 1000.'],
    [{ duration: 1441 }, 'duration', 'The duration must be between 1 and 1440.'],
    [{ duration: 0 }, 'duration', 'The duration must be between 1 and 1440.'],
    [{ duration: 30.5 }, 'duration', 'The duration must be a whole number.'],
    [{ name: '  ' }, 'name', 'Please enter a name.'],
    [{ type: 'workshop' }, 'type', 'Choose appointment or class.'],
    [{ location: 'x'.repeat(201) }, 'location', 'The location can be at most 200 characters.'],
  ])('refuses %o with a message under %s', async (change, field, message) => {
    const res = await provider.post<Err>('/api/services', { ...yoga, ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect((await provider.get<Many>('/api/services')).body.data).toHaveLength(0);
  });

  it('reads a price only as a number or plain decimals (issue item 13)', async () => {
    const bad = { '0x10': 'Please enter a price.', '1e3': 'Please enter a price.', '1E3': 'Please enter a price.' } as Record<
      string,
      string
    >;
    for (const price of ['Infinity', 'NaN', ' 12', '12 ', '+12', '12.', '.5']) bad[price] = 'Please enter a price.';
    bad['12.345'] = 'The price can have at most two decimals.';
    bad['-1'] = 'The price must be between €0 and €10,000.';
    for (const [price, message] of Object.entries(bad)) {
      const res = await provider.post<Err>('/api/services', { ...yoga, price });
      expect(res.status, price).toBe(422);
      expect(res.body.errors.price, price).toEqual([message]);
    }
    expect((await provider.post<Err>('/api/services', { ...yoga, price: -1 })).body.errors.price).toEqual([
      'The price must be between €0 and €10,000.',
    ]);
    expect((await provider.get<Many>('/api/services')).body.data).toHaveLength(0);
    for (const [price, euros] of [
      ['12', 12],
      ['12.5', 12.5],
      ['12.50', 12.5],
      ['0', 0],
      [12.5, 12.5],
      [0, 0],
    ] as const) {
      const res = await provider.post<One>('/api/services', { ...yoga, price });
      expect(res.status, String(price)).toBe(201);
      expect(res.body.data.price, String(price)).toBe(euros);
    }
  });

  it('hides other providers’ services and refuses clients', async () => {
    const created = await provider.post<One>('/api/services', yoga);
    const other = await signIn(t, await buildProvider(t, { username: 'other' }));
    expect((await other.get<Many>('/api/services')).body.data).toHaveLength(0);
    expect((await other.request('PUT', `/api/services/${created.body.data.id}`, { json: yoga })).status).toBe(404);
    expect((await other.request('DELETE', `/api/services/${created.body.data.id}`)).status).toBe(404);
    expect((await provider.request('PUT', '/api/services/999999', { json: yoga })).status).toBe(404);

    const client = await signIn(t, await buildUser(t));
    expect((await client.get('/api/services')).status).toBe(403);
    expect((await client.post('/api/services', yoga)).status).toBe(403);
    expect((await t.agent().get('/api/services')).status).toBe(401);
  });
});
