/**
 * No request makes the server fail (issue 9, item 8): generated junk — wrong types, huge
 * numbers, NUL and other control characters, lone surrogates, invalid UTF-8 percent-escapes,
 * deep objects, arrays, malformed JSON and multipart bodies — is fired at every route the app
 * registers, in its path parameters, query string and body, signed out and signed in as a
 * provider (with a valid CSRF token). Every answer must be below 500.
 *
 * Routes come from the app's own router (printRoutes), field names from its OpenAPI document,
 * so a new route or field is fuzzed without touching this file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMeFields } from '@slotted/contract';
import { users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { buildAppointment, buildProvider, buildService, buildUser, signIn } from './support/factories.ts';
import type { Agent } from './support/agent.ts';
import { must } from './support/must.ts';

/** Generated requests per route and viewer. */
const RUNS = 15;
const PROVIDER = 'studio@example.com';

interface Route {
  method: string;
  /** Fastify form: /api/services/:id/slots */
  path: string;
  params: string[];
  query: string[];
  body: string[];
}

/** Every route of the router with its methods (HEAD is GET's twin), from `printRoutes({ commonPrefix: false })`. */
function routesOf(tree: string): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = must(m[1], 'm[1]').length / 4;
    const path = (stack[depth - 1] ?? '') + must(m[2], 'm[2]');
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) out.push({ method, path });
  }
  return out;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

/**
 * A route without a documented body (the multipart account form, whose fields the contract's
 * updateMeFields lists) gets every field name the API knows.
 */
function describeRoutes(tree: string, doc: OpenApi): Route[] {
  const operation = (method: string, path: string) => doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const bodyFields = (method: string, path: string) =>
    Object.keys(operation(method, path)?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const all = routesOf(tree);
  const everyField = [
    ...new Set([
      ...all.flatMap((r) => bodyFields(r.method, r.path)),
      ...Object.keys(updateMeFields.shape),
      'avatar_upload',
      'cover_upload',
    ]),
  ];
  return all.map(({ method, path }) => {
    const documented = bodyFields(method, path);
    return {
      method,
      path,
      params: [...path.matchAll(/:(\w+)/g)].map((p) => must(p[1], 'p[1]')),
      query: (operation(method, path)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: documented.length > 0 ? documented : everyField,
    };
  });
}

/** Percent-encodes every byte of the UTF-8 form (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncode = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r',
  '\n',
  'Yoga\r\nX-Evil: 1',
  '\t',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  'x\udfff',
  '\ufeff',
  '\u202e',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '9999-12-31T23:00:00Z',
  '0000-01-01',
  '2026-02-30',
  '2026-02-30 10:00',
  '+275760-09-13T00:00:00Z',
  '2026-11-24T09:00:00Z',
  '2026-11-24 09:00',
  '2026-11-24',
  '24:00',
  '23:59',
  '1e400',
  '-1',
  '0',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  'Europe/Madrid',
  'Mars/Olympus',
  'studio',
  'x'.repeat(70_000),
  '🧘'.repeat(300),
);
const junkString = fc.oneof(
  nastyStrings,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000`),
);
const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 0.1, -0, 5e-324, 1e21, 1e20);
const junkKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'data', 'name', 'id', ''), fc.string({ maxLength: 8 }));

const { value: junkValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    junkString,
    hugeNumber,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom({ toString: 'x' }, { valueOf: 1 }, [['x']], { length: 1e9 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(junkKey, tie('value'), { maxKeys: 3 }),
  ),
}));

/** An object or array nested `depth` levels deep. */
const deep = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, asArray]) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { data: v };
  return v;
});

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: Buffer; contentType: string }
  | { kind: 'multipart'; parts: { name: string; value: Buffer; filename?: string }[] };

function bodyArb(fields: string[]): fc.Arbitrary<Body> {
  const names = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), junkKey) : junkKey;
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, junkValue])), { requiredKeys: [] });
  const bytes = fc.oneof(
    junkString.map((s) => Buffer.from(s, 'utf8')),
    fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a)),
  );
  return fc.oneof(
    fc.constant<Body>({ kind: 'none' }),
    fc
      .tuple(shaped, fc.dictionary(junkKey, junkValue, { maxKeys: 2 }))
      .map(([known, extra]): Body => ({ kind: 'json', value: { ...extra, ...known } })),
    fc.oneof(junkValue, deep).map((value): Body => ({ kind: 'json', value })),
    deep.map((value): Body => ({ kind: 'json', value: { data: value, ...Object.fromEntries(fields.map((f) => [f, value])) } })),
    fc
      .tuple(bytes, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'))
      .map(([payload, contentType]): Body => ({ kind: 'raw', payload, contentType })),
    fc
      .array(
        fc.record({ name: names, value: bytes, filename: fc.option(fc.constantFrom('a.png', 'x\u0000.jpg', ''), { nil: undefined }) }),
        { maxLength: 45 },
      )
      .map((parts): Body => ({ kind: 'multipart', parts })),
  );
}

function multipart(parts: { name: string; value: Buffer; filename?: string }[]) {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"\r\nContent-Type: image/png`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`),
      p.value,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const malformedEscapes = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%80', '%FF%FE', '%ED%A0%80', '%00', '%0D%0A', '%2F', '..');

interface Ids {
  [param: string]: string[];
}

function requestArb(route: Route, ids: Ids) {
  const param = (name: string) =>
    fc.oneof(
      fc.constantFrom(...(ids[name] ?? ['1'])),
      junkString.map(percentEncode),
      malformedEscapes,
      hugeNumber.map((n) => percentEncode(String(n))),
    );
  const queryValue = fc.oneof(junkString.map(percentEncode), malformedEscapes, hugeNumber.map(String));
  const queryKey =
    route.query.length > 0
      ? fc.oneof(fc.constantFrom(...route.query), junkKey.map(percentEncode), malformedEscapes)
      : fc.oneof(junkKey.map(percentEncode), malformedEscapes);
  return fc.record({
    params: fc.tuple(...route.params.map(param)),
    query: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }),
    body: route.method === 'GET' ? fc.constant<Body>({ kind: 'none' }) : bodyArb(route.body),
  });
}

async function send(agent: Agent, route: Route, r: { params: string[]; query: [string, string][]; body: Body }) {
  let i = 0;
  const path = route.path.replace(/:\w+/g, () => must(r.params[i++], 'r.params[i++]'));
  const url = r.query.length > 0 ? `${path}?${r.query.map(([k, v]) => `${k}=${v}`).join('&')}` : path;
  const b = r.body;
  if (b.kind === 'json') return agent.request(route.method, url, { json: b.value === undefined ? null : b.value });
  if (b.kind === 'raw') return agent.request(route.method, url, { payload: b.payload, headers: { 'content-type': b.contentType } });
  if (b.kind === 'multipart') {
    const { payload, contentType } = multipart(b.parts);
    return agent.request(route.method, url, { payload, headers: { 'content-type': contentType } });
  }
  return agent.request(route.method, url);
}

let t: TestApp;
let webDist: string;
let routes: Route[];
let ids: Ids;
let studio: typeof users.$inferSelect;
let provider: Agent;

const signInProvider = () => signIn(t, studio, t.agent({ ip: '10.0.0.2' }));

/** Whatever a generated request did to the provider (signed out, stopped being a provider), undo it. */
async function restoreProvider() {
  await t.db.update(users).set({ isProvider: true, username: 'studio', timezone: 'Europe/Madrid' }).where(eq(users.email, PROVIDER));
  if ((await provider.get('/api/me')).status !== 200) provider = await signInProvider();
}

beforeAll(async () => {
  // Paths that normalise away from the API ('/auth/social/..') are pages: serve a built shell.
  webDist = mkdtempSync(path.join(tmpdir(), 'slotted-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Slotted</title>');
  t = await createTestApp({ webDist });
  studio = await buildProvider(t, { email: PROVIDER, username: 'studio', name: 'Studio' });
  provider = await signInProvider();
  const massage = await buildService(t, studio, { name: 'Massage' });
  const yoga = (await buildService(t, studio, { name: 'Yoga', type: 'class', priceCents: 1200, capacity: 5 })).id;
  await provider.post('/api/repeaters', { service_id: yoga, start_at: '2026-11-25 18:00', repeat_every: '1w', weekdays: ['wed'] });
  const slotId = must(
    must(
      (await provider.get<{ data: { slots: { id: string }[] }[] }>(`/api/services/${yoga}/slots?timezone=UTC`)).body.data[0],
      '(await provider.get<{ data: { slots: { id: string }[] }[] }>(`/api/services/${yoga}/slots?timezone=UTC`)).body.data[0]',
    ).slots[0],
    "must((await provider.get<{ data: { slots: { id: string }[] }[] }>(`/api/services/${yoga}/slots?timezone=UTC`)).body.data[0], '(await provider.get<{ data: { slots: { id: string }[] }[] }>(`/api/services/${yoga}/slots?timezone=UTC`)).body.data[0]') .slots[0]",
  ).id;
  const timeOff = await provider.post<{ data: { id: number } }>('/api/time-off', {
    from_date: '2026-12-01',
    from_time: '09:00',
    until_date: '2026-12-02',
    until_time: '09:00',
  });
  const booking = await buildAppointment(t, {
    client: await buildUser(t, { name: 'Ana' }),
    service: massage,
    startsAt: '2026-11-24T10:00:00Z',
    status: 'held',
  });
  ids = {
    id: [String(massage.id), String(yoga), slotId, String(timeOff.body.data.id), booking.id, '00000000-0000-0000-0000-000000000000'],
    username: ['studio', 'STUDIO', 'nobody'],
    provider: ['google', 'facebook'],
  };
  const doc = (await t.app.inject({ url: '/api/docs' })).json<OpenApi>();
  routes = describeRoutes(t.app.printRoutes({ commonPrefix: false }), doc);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('no request answers 5xx', () => {
  it('finds the routes to fuzz in the app itself', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/api/services/:id/slots',
        params: ['id'],
        query: expect.arrayContaining(['timezone', 'from', 'to']),
      }),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/services', body: expect.arrayContaining(['name', 'location', 'description']) }),
    );
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/me' }));
  });

  it.each([['signed out'], ['signed in as a provider']])(
    '%s',
    async (viewer) => {
      const failures: string[] = [];
      for (const route of routes) {
        const result = await fc.check(
          fc.asyncProperty(requestArb(route, ids), async (r) => {
            const agent = viewer === 'signed out' ? t.agent({ ip: '10.0.0.1' }) : provider;
            return (await send(agent, route, r)).status < 500;
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
        if (viewer !== 'signed out') await restoreProvider();
        if (result.failed) failures.push(`${route.method} ${route.path}: ${fc.stringify(result.counterexample).slice(0, 400)}`);
      }
      expect(failures).toEqual([]);
    },
    300_000,
  );
});
