/**
 * /api/docs is generated from the route schemas, and the route schemas from the contract's route
 * table: this holds the document to the table, and a few real answers to the document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, ERROR_CODES, routeErrorCodes, type ApiRoute } from '@slotted/contract';
import type { Agent } from './support/agent.ts';
import { buildProvider, signIn } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const operationSchema = z.object({
  responses: z.record(
    z.string(),
    z.object({ description: z.string(), content: z.record(z.string(), z.object({ schema: z.unknown() })).optional() }),
  ),
  requestBody: z.object({ content: z.record(z.string(), z.unknown()) }).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
type Operation = z.infer<typeof operationSchema>;
const documentSchema = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.object({ securitySchemes: z.record(z.string(), z.object({ type: z.string(), in: z.string(), name: z.string() })) }),
});
type Document = z.infer<typeof documentSchema>;

const table: ApiRoute[] = Object.values(apiRoutes);
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const expectedStatuses = (route: ApiRoute) =>
  [...new Set([...route.success, ...routeErrorCodes(route).map((code) => ERROR_CODES[code].status)])].sort((a, b) => a - b);

describe('/api/docs', () => {
  let t: TestApp;
  let doc: Document;
  let provider: Agent;
  const operation = (route: ApiRoute): Operation => {
    const found = doc.paths[route.path]?.[route.method.toLowerCase()];
    if (!found) throw new Error(`${key(route.method, route.path)} is not documented`);
    return found;
  };
  /** Parses an answer with the JSON schema /api/docs gives for its status. */
  const documentedBody = (route: ApiRoute, status: number) => {
    const json = operation(route).responses[String(status)]?.content?.['application/json']?.schema;
    if (json === undefined) throw new Error(`${key(route.method, route.path)} documents no JSON body for ${status}`);
    return z.fromJSONSchema(z.record(z.string(), z.unknown()).parse(json), { defaultTarget: 'openapi-3.0' });
  };

  beforeAll(async () => {
    t = await createTestApp();
    provider = await signIn(t, await buildProvider(t, { email: 'ana@example.com', username: 'ana' }));
    const res = await t.agent().get('/api/docs');
    expect(res.status).toBe(200);
    doc = documentSchema.parse(res.body);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents every route of the contract with exactly the statuses the contract names', () => {
    for (const route of table) {
      const documented = Object.keys(operation(route).responses)
        .map(Number)
        .sort((a, b) => a - b);
      expect(documented, key(route.method, route.path)).toEqual(expectedStatuses(route));
    }
  });

  it('documents no route the contract does not name', () => {
    const named = new Set(table.map((r) => key(r.method, r.path)));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => key(method, path)));
    expect(documented.filter((k) => !named.has(k))).toEqual([]);
  });

  it('gives every error status the shared error body and names its codes', () => {
    for (const route of table) {
      for (const code of routeErrorCodes(route)) {
        const status = ERROR_CODES[code].status;
        if (route.success.includes(status)) continue;
        const response = operation(route).responses[String(status)];
        expect(response?.description, `${key(route.method, route.path)} ${status}`).toContain(`\`${code}\``);
        expect(documentedBody(route, status).safeParse({ message: 'x', code }).success).toBe(true);
      }
    }
  });

  it('requires the session cookie where sign-in is needed and the XSRF header on every write from a browser', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie' },
      xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    for (const route of table) {
      const required = new Set((operation(route).security ?? []).flatMap((r) => Object.keys(r)));
      const codes = routeErrorCodes(route);
      expect(required.has('session'), key(route.method, route.path)).toBe(codes.includes('unauthenticated'));
      // Stripe's webhook is the one write without a browser: its signature authenticates it.
      expect(required.has('xsrf'), key(route.method, route.path)).toBe(route.method !== 'GET' && route !== apiRoutes.stripeWebhook);
    }
  });

  it('documents the account and plan forms as multipart/form-data with their files', () => {
    for (const [route, file] of [
      [apiRoutes.updateMe, 'avatar_upload'],
      [apiRoutes.createPlan, 'cover_upload'],
      [apiRoutes.updatePlan, 'cover_upload'],
    ] as const) {
      const body = operation(route).requestBody;
      expect(Object.keys(body?.content ?? {}), key(route.method, route.path)).toContain('multipart/form-data');
      expect(JSON.stringify(body?.content['multipart/form-data'])).toContain(file);
    }
  });

  it('answers real requests with a documented status and body', async () => {
    const check = async (route: ApiRoute, res: { status: number; body: unknown }) => {
      expect(expectedStatuses(route), key(route.method, route.path)).toContain(res.status);
      const parsed = documentedBody(route, res.status).safeParse(res.body);
      expect(parsed.error, key(route.method, route.path)).toBeUndefined();
    };
    await check(apiRoutes.me, await provider.get('/api/me'));
    await check(apiRoutes.me, await t.agent().get('/api/me'));
    const created = await provider.post('/api/services', { name: 'Yoga', type: 'class', price: 10, duration: 60, capacity: 5 });
    await check(apiRoutes.createService, created);
    await check(
      apiRoutes.updateService,
      await provider.request('PUT', '/api/services/999999', { json: { name: 'Yoga', type: 'class', price: 10, duration: 60 } }),
    );
    await check(apiRoutes.createService, await provider.post('/api/services', { name: '' }));
    await check(
      apiRoutes.createPlan,
      await provider.post('/api/plans', { name: 'Pack', price: 50, interval: '', expires_in: '3', benefits: ['Five classes'] }),
    );
    await check(apiRoutes.createPlan, await provider.post('/api/plans', { name: 'Pack' }));
    await check(apiRoutes.listPlans, await provider.get('/api/plans'));
    await check(apiRoutes.profile, await t.agent().get('/api/profile/ana'));
    await check(apiRoutes.appointment, await provider.get('/api/appointments/not-a-uuid'));
    await check(apiRoutes.workDays, await provider.get('/api/work-days'));
    await check(apiRoutes.config, await t.agent().get('/api/config'));
  });
});
