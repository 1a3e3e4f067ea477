import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { images } from '../../db/schema.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type MeBody = { data: Record<string, unknown> & { avatar: string | null; cover: string | null } };
type ErrBody = { errors: Record<string, string[]> };

const signedIn = async (email = 'ana@example.com', name = 'Ana'): Promise<Agent> => signIn(t, await buildUser(t, { email, name }));

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
/** Random pixels do not compress: a big PNG of noise is a big file. */
const noisePng = (w: number, h: number) =>
  sharp(Buffer.from(Array.from({ length: w * h * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: w, height: h, channels: 3 },
  })
    .png()
    .toBuffer();

describe('POST /api/me', () => {
  it('needs a session', async () => {
    expect((await t.agent().postForm('/api/me', { name: 'X' })).status).toBe(401);
    expect((await t.agent().get('/api/me')).status).toBe(401);
  });

  it('updates name, phone, bio and time zone', async () => {
    const a = await signedIn();
    const res = await a.postForm<MeBody>('/api/me', {
      name: ' Ana López ',
      phone: '+34 600 111 222',
      bio: 'Hi',
      timezone: 'America/New_York',
      email: 'ana@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Ana López',
      phone: '+34 600 111 222',
      bio: 'Hi',
      timezone: 'America/New_York',
      email: 'ana@example.com',
    });
    expect((await a.get<MeBody>('/api/me')).body.data).toMatchObject({ name: 'Ana López', timezone: 'America/New_York' });
  });

  it('turns reminder e-mails off and on again (0/1), on by default', async () => {
    const a = await signedIn();
    expect((await a.get<MeBody>('/api/me')).body.data).toMatchObject({ reminders: true });
    const off = await a.postForm<MeBody>('/api/me', { name: 'Ana', reminders: '0' });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ reminders: false });
    // A form that leaves the field out keeps the choice.
    expect((await a.postForm<MeBody>('/api/me', { name: 'Ana' })).body.data).toMatchObject({ reminders: false });
    expect((await a.get<MeBody>('/api/me')).body.data).toMatchObject({ reminders: false });
    expect((await a.postForm<MeBody>('/api/me', { name: 'Ana', reminders: '1' })).body.data).toMatchObject({ reminders: true });
    expect((await a.postForm<ErrBody>('/api/me', { name: 'Ana', reminders: 'yes' })).status).toBe(422);
  });

  it('reports every bad field at once and changes nothing', async () => {
    const a = await signedIn();
    const res = await a.postForm<ErrBody>('/api/me', {
      name: '',
      phone: 'call me',
      timezone: 'Mars/Olympus',
      bio: 'x'.repeat(1001),
      email: 'other@example.com',
      username: 'No Spaces!',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['bio', 'email', 'name', 'phone', 'timezone', 'username']);
    expect(res.body.errors.email).toEqual(['Your e-mail address cannot be changed.']);
    expect(res.body.errors.phone![0]).toMatch(/country code/);
    expect((await a.get<MeBody>('/api/me')).body.data).toMatchObject({ name: 'Ana', phone: null, timezone: 'Europe/Madrid' });
  });

  it('becoming a provider needs a free, valid, unreserved username', async () => {
    const other = await signedIn('bea@example.com', 'Bea');
    expect((await other.postForm('/api/me', { name: 'Bea', username: 'bea-yoga', is_provider: '1' })).status).toBe(200);

    const a = await signedIn();
    const none = await a.postForm<ErrBody>('/api/me', { name: 'Ana', is_provider: '1' });
    expect(none.status).toBe(422);
    expect(none.body.errors.username![0]).toMatch(/Choose a username/);
    const reserved = await a.postForm<ErrBody>('/api/me', { name: 'Ana', is_provider: '1', username: 'settings' });
    expect(reserved.body.errors.username).toEqual(['This username is reserved. Please choose another one.']);
    const taken = await a.postForm<ErrBody>('/api/me', { name: 'Ana', is_provider: '1', username: 'Bea-Yoga' });
    expect(taken.body.errors.username).toEqual(['This username is already taken. Please choose another one.']);
    const short = await a.postForm<ErrBody>('/api/me', { name: 'Ana', username: 'ab' });
    expect(short.body.errors.username![0]).toMatch(/3 to 30 characters/);

    const ok = await a.postForm<MeBody>('/api/me', { name: 'Ana', is_provider: '1', username: 'ana_pilates' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ is_provider: true, username: 'ana_pilates' });
    const clear = await a.postForm<ErrBody>('/api/me', { name: 'Ana', username: '' });
    expect(clear.status).toBe(422);
  });

  it('re-encodes uploaded avatars and covers to WebP and serves them', async () => {
    const a = await signedIn();
    await a.postForm('/api/me', { name: 'Ana', is_provider: '1', username: 'ana' });
    const res = await a.postForm<MeBody>(
      '/api/me',
      { name: 'Ana' },
      {
        avatar_upload: { data: await png(800, 600), filename: 'me.png', type: 'image/png' },
        cover_upload: { data: await png(1600, 300), filename: 'cover.jpg', type: 'image/jpeg' },
      },
    );
    expect(res.status).toBe(200);
    const avatar = await a.get(res.body.data.avatar!);
    expect(avatar.status).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    const served = await t.app.inject({ url: res.body.data.avatar! });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    // Replacing the avatar removes the old picture; removing it clears it.
    const again = await a.postForm<MeBody>(
      '/api/me',
      { name: 'Ana' },
      { avatar_upload: { data: await png(300, 300), filename: 'x.webp', type: 'image/webp' } },
    );
    expect(again.body.data.avatar).not.toBe(res.body.data.avatar);
    expect((await a.get(res.body.data.avatar!)).status).toBe(404);
    const removed = await a.postForm<MeBody>('/api/me', { name: 'Ana', remove_avatar: '1' });
    expect(removed.body.data.avatar).toBeNull();
    expect(removed.body.data.cover).toBe(res.body.data.cover);
    expect(await t.db.select({ id: images.id }).from(images)).toHaveLength(1);
  });

  it('refuses files that are not really images, whatever their name', async () => {
    const a = await signedIn();
    const fake = await a.postForm<ErrBody>(
      '/api/me',
      { name: 'Renamed' },
      { avatar_upload: { data: Buffer.from('<svg onload=alert(1)>'), filename: 'evil.png', type: 'image/png' } },
    );
    expect(fake.status).toBe(422);
    expect(fake.body.errors.avatar_upload).toEqual(['Please choose a WebP, JPG or PNG image.']);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await a.postForm<ErrBody>(
      '/api/me',
      { name: 'Renamed' },
      { avatar_upload: { data: gif, filename: 'a.jpg', type: 'image/jpeg' } },
    );
    expect(gifRes.body.errors.avatar_upload).toEqual(['Please choose a WebP, JPG or PNG image.']);
    // The name in the same request was not saved.
    expect((await a.get<MeBody>('/api/me')).body.data.name).toBe('Ana');
  });

  it('refuses oversize images with the limit in the message', async () => {
    const a = await signedIn();
    const big = await noisePng(700, 700);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await a.postForm<ErrBody>(
      '/api/me',
      { name: 'Ana' },
      { cover_upload: { data: big, filename: 'big.png', type: 'image/png' } },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.cover_upload).toEqual(['That image is too big—max size is 1 MB.']);
    const huge = await noisePng(1400, 1400);
    expect(huge.length).toBeGreaterThan(4 * 1024 * 1024);
    const hugeRes = await a.postForm<ErrBody>(
      '/api/me',
      { name: 'Ana' },
      { avatar_upload: { data: huge, filename: 'huge.png', type: 'image/png' } },
    );
    expect(hugeRes.status).toBe(422);
    expect(hugeRes.body.errors.avatar_upload).toEqual(['That image is too big—max size is 1 MB.']);
  });
});
