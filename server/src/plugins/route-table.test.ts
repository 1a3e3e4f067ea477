import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { apiRoutes, type RouteName } from '@slotted/contract';
import { AppError } from '../lib/app-error.ts';
import { apiRoute, watchRouteTable } from './route-table.ts';

function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const table = watchRouteTable(app);
  register(app);
  return table;
}

const registerAll = (app: ReturnType<typeof Fastify>, skip: RouteName | null = null) => {
  for (const name of Object.keys(apiRoutes) as RouteName[]) {
    if (name !== skip) app.route({ ...apiRoute(name), handler: async () => null });
  }
};

describe('the route table', () => {
  it('takes every route of the table, and routes hidden from /api/docs beside them', () => {
    const table = appWith((app) => {
      registerAll(app);
      app.get('/images/:id', { schema: { hide: true } }, async () => null);
    });
    expect(() => table.assertComplete()).not.toThrow();
  });

  it('refuses to start with a table entry that has no route', () => {
    const table = appWith((app) => registerAll(app, 'listPlans'));
    expect(() => table.assertComplete()).toThrow(/listPlans is registered 0 times/);
  });

  it('refuses to start with an API route that is not in the table', () => {
    const table = appWith((app) => {
      registerAll(app);
      app.get('/api/secret', async () => ({ data: 1 }));
    });
    expect(() => table.assertComplete()).toThrow(/GET \/api\/secret is not in the route table/);
  });

  it('guards each route as its entry says', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('user', null);
    app.setErrorHandler((err, _req, reply) =>
      err instanceof AppError ? reply.code(err.status).send({ message: err.message, code: err.code }) : reply.code(500).send(err),
    );
    app.route({ ...apiRoute('insights'), handler: async () => ({ data: null }) });
    app.route({ ...apiRoute('health'), handler: async () => ({ status: 'ok' as const }) });
    app.route({ ...apiRoute('listMemberships'), handler: async () => ({ data: [] }) });
    app.addHook('onRequest', async (req) => {
      // A signed-in client: may list their memberships, may not see a provider's insights.
      if (req.headers['x-test-client']) req.user = { isProvider: false } as NonNullable<typeof req.user>;
    });
    expect((await app.inject({ method: 'GET', url: '/api/insights' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const asClient = { 'x-test-client': '1' };
    expect((await app.inject({ method: 'GET', url: '/api/insights', headers: asClient })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/memberships', headers: asClient })).statusCode).toBe(200);
  });
});
