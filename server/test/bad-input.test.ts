/**
 * Input that once answered 500 (issue 9, item 8): each is refused with a 422 naming the field,
 * and nothing is written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { buildProvider, buildService, buildUser, signIn } from './support/factories.ts';
import type { Agent } from './support/agent.ts';

let t: TestApp;
let studio: Agent;
let ana: Agent;
let massage: number;
let yoga: number;

beforeEach(async () => {
  t = await createTestApp();
  const provider = await buildProvider(t, { username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
  massage = (await buildService(t, provider, { name: 'Massage' })).id;
  yoga = (await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1200, capacity: 2 })).id;
  ana = await signIn(t, await buildUser(t, { email: 'ana@example.com', name: 'Ana' }));
});
afterEach(async () => {
  await t.close();
});

type Err = { code: string; errors: Record<string, string[]> };
const service = { name: 'Pilates', type: 'appointment', price: 10, duration: 30 };
const timeOff = { from_date: '2026-12-01', from_time: '09:00', until_date: '2026-12-02', until_time: '09:00' };
const policies = { min_hours_before_booking: 0, max_days_before_booking: 30, min_hours_before_cancellation: 24 };
const ONE_LINE = 'cannot contain line breaks or control characters.';

describe('bad input is a 422 with the field’s message', () => {
  it.each([
    ['a NUL in a service name', '/api/services', { ...service, name: 'Pil\u0000ates' }, 'name', `The name ${ONE_LINE}`],
    ['a bare CR in a service name', '/api/services', { ...service, name: 'Pilates\rX-EVIL:1' }, 'name', `The name ${ONE_LINE}`],
    ['a NUL in a location', '/api/services', { ...service, location: 'Room\u00002' }, 'location', `The location ${ONE_LINE}`],
    [
      'a NUL in a description',
      '/api/services',
      { ...service, description: '<p>\u0000</p>' },
      'description',
      'The description cannot contain control characters.',
    ],
    ['an object as a name', '/api/services', { ...service, name: { toString: 'x' } }, 'name', 'Please enter a name.'],
    ['a NUL in a time-off note', '/api/time-off', { ...timeOff, note: 'Off\u0000' }, 'note', `The note ${ONE_LINE}`],
    [
      'time off from year 0',
      '/api/time-off',
      { ...timeOff, from_date: '0000-01-01' },
      'from_date',
      'Please choose a date between 2000 and 2100.',
    ],
    [
      'a NUL in the terms',
      '/api/policies',
      { ...policies, terms_of_service: '<p>\u0000</p>' },
      'terms_of_service',
      'The terms cannot contain control characters.',
    ],
    [
      'a timetable starting on 30 February',
      '/api/repeaters',
      { service_id: 0, start_at: '2026-02-30 10:00' },
      'start_at',
      'Choose a start date and time (YYYY-MM-DD HH:MM).',
    ],
  ])('%s', async (_, url, body, field, message) => {
    const withYoga = url === '/api/repeaters' ? { ...body, service_id: yoga } : body;
    const res = await studio.post<Err>(url, withYoga);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('nothing of a refused service or time off is stored', async () => {
    await studio.post('/api/services', { ...service, name: 'a\u0000' });
    await studio.post('/api/time-off', { ...timeOff, from_date: '0000-01-01' });
    expect((await studio.get<{ data: { name: string }[] }>('/api/services')).body.data.map((s) => s.name)).toEqual(['Massage', 'Yoga']);
    expect((await studio.get<{ data: unknown[] }>('/api/time-off')).body.data).toEqual([]);
  });

  it('a booking in the year 9999', async () => {
    const res = await ana.post<Err>('/api/appointments', { service_id: massage, starts_at: '9999-12-31T23:00:00Z' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ starts_at: ['Please choose a date between 2000 and 2100.'] });
  });

  it('account settings: NUL characters and objects, as JSON and as a form', async () => {
    const json = async (body: object) => await ana.post<Err>('/api/me', body);
    expect((await json({ name: { toString: 'x' } })).body.errors).toEqual({ name: ['Please enter your name.'] });
    expect((await json({ name: 'Ana', bio: ['x'] })).body.errors).toEqual({ bio: ['Your bio must be text.'] });
    expect((await json({ name: 'Ana', email: { a: 1 } })).body.errors).toEqual({ email: ['Your e-mail address cannot be changed.'] });
    expect((await json({ name: 'A\u0000na' })).status).toBe(422);
    const form = await ana.postForm<Err>('/api/me', { name: 'Ana\u0000', bio: 'Hi\u0000' });
    expect(form.status).toBe(422);
    expect(form.body.errors).toEqual({ name: [`Your name ${ONE_LINE}`], bio: ['Your bio cannot contain control characters.'] });
    expect((await ana.get<{ data: { name: string } }>('/api/me')).body.data.name).toBe('Ana');
  });

  it('an id past the largest record id', async () => {
    const res = await t.agent().get<Err>('/api/services/2147483648/slots');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id: ['This id is not valid.'] });
    expect((await ana.post<Err>('/api/appointments', { service_id: 2 ** 31, starts_at: '2026-12-01T09:00:00Z' })).body.errors).toEqual({
      service_id: ['Choose a service.'],
    });
    expect((await studio.request('DELETE', '/api/services/99999999999')).status).toBe(422);
  });

  it('an account form that is not well-formed multipart is a 400', async () => {
    const send = (contentType: string, body: string) =>
      ana.request<{ code: string }>('POST', '/api/me', { payload: Buffer.from(body), headers: { 'content-type': contentType } });
    const noBoundary = await send('multipart/form-data', '');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.code).toBe('bad_request');
    expect((await send('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna')).status).toBe(
      400,
    );
  });

  it('a NUL in the profile path', async () => {
    const res = await t.agent().get<Err>('/api/profile/stu%00dio');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [`The username ${ONE_LINE}`] });
  });
});
