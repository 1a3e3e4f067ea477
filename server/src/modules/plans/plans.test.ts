import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderPlan, PublicProfile } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildPlan, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { images, memberships, payments } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

let t: TestApp;
let provider: Agent;
let studio: Awaited<ReturnType<typeof buildProvider>>;
let yoga: Awaited<ReturnType<typeof buildService>>;
let pilates: Awaited<ReturnType<typeof buildService>>;
beforeEach(async () => {
  t = await createTestApp();
  studio = await buildProvider(t, { name: 'Studio', username: 'studio' });
  yoga = await buildService(t, studio, { name: 'Yoga', type: 'class' });
  pilates = await buildService(t, studio, { name: 'Pilates', type: 'class' });
  provider = await signIn(t, studio);
});
afterEach(async () => {
  await t.close();
});

type One = { data: ProviderPlan };
type Many = { data: ProviderPlan[] };
type Err = { errors: Record<string, string[]> };

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0d9488' } })
    .png()
    .toBuffer();

/** The drawer's form as the web sends it: lists as JSON text. */
const membershipForm = () => ({
  name: 'Unlimited Flow',
  description: '<p>Every <strong>class</strong></p>',
  price: '79,90',
  interval: 'month',
  expires_in: '',
  benefits: JSON.stringify(['8 classes a month', 'Free mat']),
  services: JSON.stringify([{ quantity: 8, services: [yoga.id, pilates.id] }]),
});

describe('plans API', () => {
  it('creates, lists, updates and deletes the provider’s plans', async () => {
    const created = await provider.postForm<One>('/api/plans', membershipForm(), {
      cover_upload: { data: await png(2000, 1200), filename: 'cover.png', type: 'image/png' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Unlimited Flow',
      description: '<p>Every <strong>class</strong></p>',
      price: 79.9,
      interval: 'month',
      expires_in: null,
      benefits: ['8 classes a month', 'Free mat'],
      services: [{ quantity: 8, services: [yoga.id, pilates.id].sort((a, b) => a - b) }],
      total_sales: { memberships: 0, amount: 0, unpaid: { memberships: 0, amount: 0 } },
    });
    // The cover went through the image pipeline: re-encoded to the plan's 16:9 WebP.
    const cover = must(created.body.data.cover, 'created.body.data.cover');
    expect(cover).toMatch(/^\/images\//);
    const served = await t.app.inject({ url: cover });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 900 });

    // A JSON body is read the same way; a single payment is valid for the months chosen.
    const pack = await provider.post<One>('/api/plans', {
      name: '5-session pack',
      price: 60,
      interval: '',
      expires_in: '3',
      benefits: [],
      services: [{ quantity: 5, services: [yoga.id, yoga.id] }],
    });
    expect(pack.status).toBe(201);
    expect(pack.body.data).toMatchObject({ interval: '', expires_in: '3', cover: null, services: [{ quantity: 5, services: [yoga.id] }] });

    const list = await provider.get<Many>('/api/plans');
    expect(list.body.data.map((p) => p.name)).toEqual(['5-session pack', 'Unlimited Flow']);

    // Update: same form; without a new cover the picture stays, groups are replaced.
    const id = created.body.data.id;
    const updated = await provider.postForm<One>(`/api/plans/${id}`, {
      ...membershipForm(),
      name: 'Unlimited',
      price: '89',
      services: JSON.stringify([
        { quantity: 4, services: [pilates.id] },
        { quantity: '2', services: [yoga.id] },
      ]),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Unlimited',
      price: 89,
      cover,
      services: [
        { quantity: 4, services: [pilates.id] },
        { quantity: 2, services: [yoga.id] },
      ],
    });
    // A new cover replaces the old picture, which is deleted.
    const recovered = await provider.postForm<One>(`/api/plans/${id}`, membershipForm(), {
      cover_upload: { data: await png(1600, 900), filename: 'c.webp', type: 'image/webp' },
    });
    expect(recovered.body.data.cover).not.toBe(cover);
    expect((await t.app.inject({ url: cover })).statusCode).toBe(404);
    expect(await t.db.select({ id: images.id }).from(images)).toHaveLength(1);

    expect((await provider.request('DELETE', `/api/plans/${id}`)).status).toBe(204);
    expect((await provider.get<Many>('/api/plans')).body.data.map((p) => p.name)).toEqual(['5-session pack']);
    expect((await provider.request('DELETE', `/api/plans/${id}`)).status).toBe(404);
    expect((await provider.postForm(`/api/plans/${id}`, membershipForm())).status).toBe(404);
  });

  it('sanitises the description and ignores a validity for a membership', async () => {
    const res = await provider.postForm<One>('/api/plans', {
      ...membershipForm(),
      description: '<p>Hi<script>alert(1)</script></p><a href="javascript:x()">x</a>',
      expires_in: '6',
    });
    expect(res.body.data.description).toBe('<p>Hi</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(res.body.data.expires_in).toBeNull();
  });

  it.each([
    [{ name: '  ' }, 'name', 'Please enter a name.'],
    [{ name: 'x'.repeat(121) }, 'name', 'The name can be at most 120 characters.'],
    [{ description: 'a\u0000b' }, 'description', 'The description cannot contain control characters.'],
    [{ price: '12.345' }, 'price', 'The price can have at most two decimals.'],
    [{ price: '10000.01' }, 'price', 'The price must be between €0 and €10,000.'],
    [{ price: '' }, 'price', 'Please enter a price.'],
    [{ interval: 'year' }, 'interval', 'Choose a membership or a single payment.'],
    [{ interval: '', expires_in: '' }, 'expires_in', 'Choose how long the plan is valid for.'],
    [{ interval: '', expires_in: '2' }, 'expires_in', 'Choose 12, 6, 3 or 1 months.'],
    [{ benefits: 'not json' }, 'benefits', 'The benefits must be a list of lines.'],
    [{ benefits: JSON.stringify(['ok', '  ']) }, 'benefits.1', 'Please write the benefit or remove the line.'],
    [{ benefits: JSON.stringify(['x'.repeat(201)]) }, 'benefits.0', 'A benefit can be at most 200 characters.'],
    [{ benefits: JSON.stringify(Array.from({ length: 21 }, (_, i) => `b${i}`)) }, 'benefits', 'A plan can list at most 20 benefits.'],
    [{ services: '{' }, 'services', 'The services must be a list of groups.'],
    [{ services: JSON.stringify(['x']) }, 'services.0', 'Each group needs services and a quantity.'],
    [{ services: JSON.stringify([{ quantity: 0, services: [1] }]) }, 'services.0.quantity', 'The quantity must be between 1 and 1000.'],
    [{ services: JSON.stringify([{ quantity: 1001, services: [1] }]) }, 'services.0.quantity', 'The quantity must be between 1 and 1000.'],
    [{ services: JSON.stringify([{ quantity: 1.5, services: [1] }]) }, 'services.0.quantity', 'The quantity must be a whole number.'],
    [{ services: JSON.stringify([{ services: [1] }]) }, 'services.0.quantity', 'Please enter the quantity.'],
    [{ services: JSON.stringify([{ quantity: 1, services: [] }]) }, 'services.0.services', 'Select one or more services.'],
  ])('refuses %o with a message under %s', async (change, field, message) => {
    const res = await provider.postForm<Err>('/api/plans', { ...membershipForm(), ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect((await provider.get<Many>('/api/plans')).body.data).toHaveLength(0);
  });

  it('reads a price only as plain decimals from the multipart form (issue item 13)', async () => {
    const bad = { '0x10': 'Please enter a price.', '1e3': 'Please enter a price.', '1E3': 'Please enter a price.' } as Record<
      string,
      string
    >;
    for (const price of ['Infinity', 'NaN', ' 12', '12 ', '+12', '12.', '.5']) bad[price] = 'Please enter a price.';
    bad['12.345'] = 'The price can have at most two decimals.';
    bad['-1'] = 'The price must be between €0 and €10,000.';
    for (const [price, message] of Object.entries(bad)) {
      const res = await provider.postForm<Err>('/api/plans', { ...membershipForm(), price });
      expect(res.status, price).toBe(422);
      expect(res.body.errors.price, price).toEqual([message]);
    }
    expect((await provider.get<Many>('/api/plans')).body.data).toHaveLength(0);
    for (const [price, euros] of [
      ['12', 12],
      ['12.5', 12.5],
      ['12.50', 12.5],
      ['0', 0],
    ] as const) {
      const res = await provider.postForm<One>('/api/plans', { ...membershipForm(), price });
      expect(res.status, price).toBe(201);
      expect(res.body.data.price, price).toBe(euros);
    }
  });

  it('refuses groups with services that are not the provider’s own live services', async () => {
    const other = await buildProvider(t);
    const theirs = await buildService(t, other, { name: 'Their yoga', type: 'class' });
    const gone = await buildService(t, studio, { name: 'Old', deletedAt: t.clock.now() });
    const res = await provider.postForm<Err>('/api/plans', {
      ...membershipForm(),
      services: JSON.stringify([
        { quantity: 1, services: [yoga.id] },
        { quantity: 1, services: [yoga.id, theirs.id] },
        { quantity: 1, services: [gone.id] },
        { quantity: 1, services: [999999] },
      ]),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'services.1.services': ['Choose services from your own catalog.'],
      'services.2.services': ['Choose services from your own catalog.'],
      'services.3.services': ['Choose services from your own catalog.'],
    });
  });

  it('refuses a cover that is not an image or is over 2 MB, writing nothing', async () => {
    const fake = await provider.postForm<Err>('/api/plans', membershipForm(), {
      cover_upload: { data: Buffer.from('<svg onload=alert(1)>'), filename: 'x.png', type: 'image/png' },
    });
    expect(fake.status).toBe(422);
    expect(fake.body.errors.cover_upload).toEqual(['Please choose a WebP, JPG or PNG image.']);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await provider.postForm<Err>(
      '/api/plans',
      { ...membershipForm(), name: '' },
      { cover_upload: { data: big, filename: 'big.png', type: 'image/png' } },
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ name: ['Please enter a name.'], cover_upload: ['That image is too big—max size is 2 MB.'] });
    expect(await t.db.select({ id: images.id }).from(images)).toHaveLength(0);
    expect((await provider.get<Many>('/api/plans')).body.data).toHaveLength(0);
  });

  it('hides other providers’ plans (404) and refuses clients and visitors', async () => {
    const plan = await buildPlan(t, studio, { groups: [{ quantity: 2, services: [yoga] }] });
    const other = await signIn(t, await buildProvider(t));
    expect((await other.get<Many>('/api/plans')).body.data).toHaveLength(0);
    expect((await other.postForm(`/api/plans/${plan.id}`, membershipForm())).status).toBe(404);
    expect((await other.request('DELETE', `/api/plans/${plan.id}`)).status).toBe(404);
    expect((await provider.request('DELETE', '/api/plans/999999')).status).toBe(404);
    expect((await provider.get<Many>('/api/plans')).body.data.map((p) => p.name)).toEqual(['Monthly membership']);

    const client = await signIn(t, await buildUser(t));
    expect((await client.get('/api/plans')).status).toBe(403);
    expect((await client.postForm('/api/plans', membershipForm())).status).toBe(403);
    expect((await client.request('DELETE', `/api/plans/${plan.id}`)).status).toBe(403);
    expect((await t.agent().get('/api/plans')).status).toBe(401);
    expect((await t.agent().postForm('/api/plans', membershipForm())).status).toBe(401);
  });

  it('counts each plan’s confirmed memberships, the money taken for them and what is still owed', async () => {
    const monthly = await buildPlan(t, studio, { name: 'Monthly', priceCents: 5000, groups: [{ quantity: 8, services: [yoga] }] });
    const pack = await buildPlan(t, studio, { name: 'Pack', priceCents: 6000, expiresInMonths: 3 });
    const [ana, bo, cy] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const now = t.clock.now();
    const bought = (client: typeof ana, plan: typeof monthly, extra: Partial<typeof memberships.$inferInsert> = {}) => ({
      clientId: client.id,
      providerId: studio.id,
      planId: plan.id,
      name: plan.name,
      priceCents: plan.priceCents,
      interval: plan.interval,
      expiresInMonths: plan.expiresInMonths,
      status: 'active' as const,
      confirmedAt: now,
      periodStart: now,
      createdAt: now,
      ...extra,
    });
    const [m1, m2, m3, , m5] = await t.db
      .insert(memberships)
      .values([
        bought(ana, monthly),
        bought(bo, monthly, { status: 'cancelled', cancelledAt: now }),
        bought(cy, pack),
        // A purchase never confirmed is not a sale.
        bought(cy, monthly, { status: 'expired', confirmedAt: null }),
        bought(ana, pack),
      ])
      .returning();
    const paid = (m: typeof m1, amountCents: number, extra: Partial<typeof payments.$inferInsert> = {}) => ({
      payerId: must(m, 'm').clientId,
      providerId: studio.id,
      membershipId: must(m, 'm').id,
      amountCents,
      method: 'in_person' as const,
      status: 'succeeded' as const,
      ...extra,
    });
    await t.db.insert(payments).values([
      paid(m1, 5000),
      paid(m1, 5000), // two months
      paid(m2, 5000, { method: 'card', status: 'partially_refunded', refundedCents: 2000 }),
      paid(m3, 6000, { method: 'card', status: 'refunded', refundedCents: 6000 }),
      paid(m5, 6000, { method: 'card', status: 'failed' }),
      paid(m5, 6000, { method: 'card', status: 'pending' }),
    ]);
    // Another provider's sales are theirs.
    const elsewhere = await buildPlan(t, await buildProvider(t));
    await t.db.insert(memberships).values({ ...bought(ana, elsewhere), providerId: elsewhere.providerId });

    const list = (await provider.get<Many>('/api/plans')).body.data;
    expect(list.map((p) => [p.name, p.total_sales])).toEqual([
      ['Monthly', { memberships: 2, amount: 130, unpaid: { memberships: 0, amount: 0 } }],
      // Ana's pack had a failed and a pending card payment only: she still owes it.
      ['Pack', { memberships: 2, amount: 0, unpaid: { memberships: 1, amount: 60 } }],
    ]);

    // Deleting a plan stops its sale; what was bought stays.
    expect((await provider.request('DELETE', `/api/plans/${monthly.id}`)).status).toBe(204);
    expect(await t.db.select({ id: memberships.id }).from(memberships)).toHaveLength(6);
  });

  it('lists the live plans on the public profile', async () => {
    const cover = await provider.postForm<One>('/api/plans', membershipForm(), {
      cover_upload: { data: await png(1600, 900), filename: 'c.png', type: 'image/png' },
    });
    await buildPlan(t, studio, {
      name: '10-class pack',
      priceCents: 12000,
      expiresInMonths: 6,
      benefits: ['Share with a friend'],
      groups: [{ quantity: 10, services: [yoga, pilates] }],
    });
    await buildPlan(t, studio, { name: 'Old', deletedAt: t.clock.now() });

    // A service deleted from the catalog leaves the plans that offered it.
    const gone = await buildService(t, studio, { name: 'Gone', type: 'class' });
    await buildPlan(t, studio, {
      name: 'Gone pack',
      priceCents: 500,
      expiresInMonths: 1,
      groups: [{ quantity: 1, services: [gone, yoga] }],
    });
    expect((await provider.request('DELETE', `/api/services/${gone.id}`)).status).toBe(204);
    expect((await provider.get<Many>('/api/plans')).body.data[0]).toMatchObject({
      name: 'Gone pack',
      services: [{ quantity: 1, services: [yoga.id] }],
    });
    expect(
      (
        await provider.request(
          'DELETE',
          `/api/plans/${must((await provider.get<Many>('/api/plans')).body.data[0], "(await provider.get<Many>('/api/plans')).body.data[0]").id}`,
        )
      ).status,
    ).toBe(204);

    const profile = (await t.agent().get<{ data: PublicProfile }>('/api/profile/studio')).body.data;
    expect(profile.plans).toEqual([
      {
        id: cover.body.data.id,
        name: 'Unlimited Flow',
        description: '<p>Every <strong>class</strong></p>',
        price: 79.9,
        interval: 'month',
        expires_in: null,
        benefits: ['8 classes a month', 'Free mat'],
        services: [{ quantity: 8, services: [yoga.id, pilates.id].sort((a, b) => a - b) }],
        cover: cover.body.data.cover,
      },
      {
        id: expect.any(Number),
        name: '10-class pack',
        description: '',
        price: 120,
        interval: '',
        expires_in: '6',
        benefits: ['Share with a friend'],
        services: [{ quantity: 10, services: [yoga.id, pilates.id].sort((a, b) => a - b) }],
        cover: null,
      },
    ]);
  });
});
