/**
 * Every route of the API is registered from the contract's route table: the table gives its
 * method, path, guard and schemas (`apiRoute(name)`), the module only its handler. The check
 * below makes a route that exists in one place only fail at start-up (and so in every test).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { apiRoutes, apiSchemas, type RouteName } from '@slotted/contract';
import { apiSchema } from '../lib/api-route.ts';
import { requireProvider, requireUser } from './guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table entry this route was registered from. */
    apiRoute?: RouteName;
  }
}

const GUARDS = { public: null, user: requireUser, provider: requireProvider } as const;

/** Fastify's path syntax for the table's OpenAPI-style path: `{id}` → `:id`. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The route options of a table entry; spread them into `app.route` and add the handler. */
export function apiRoute<K extends RouteName>(name: K) {
  const route = apiRoutes[name];
  const guard = GUARDS[route.access];
  return {
    method: route.method,
    url: fastifyPath(route.path),
    schema: apiSchema(route, apiSchemas[name]),
    config: { apiRoute: name },
    ...(guard ? { onRequest: guard } : {}),
  };
}

/**
 * Watches the routes registered after it: call `assertComplete()` once all are registered. Each
 * table entry must be registered exactly once. Any other route must be hidden from /api/docs
 * (`schema.hide`), with a comment where it is registered saying why it is not part of the API:
 * the SPA's files and fallback, image bytes, the development outbox, /api/docs itself.
 */
export function watchRouteTable(app: FastifyInstance): { assertComplete(): void } {
  const registered = new Map<RouteName, number>();
  const strays: string[] = [];
  app.addHook('onRoute', (options: RouteOptions) => {
    // Fastify adds a HEAD route beside each GET by itself.
    if (options.method === 'HEAD') return;
    const name = options.config?.apiRoute;
    if (name) registered.set(name, (registered.get(name) ?? 0) + 1);
    else if (!options.schema?.hide) strays.push(`${String(options.method)} ${options.url}`);
  });
  return {
    assertComplete() {
      const problems = [
        ...strays.map((route) => `${route} is not in the route table (packages/contract/src/api.ts)`),
        ...(Object.keys(apiRoutes) as RouteName[])
          .filter((name) => registered.get(name) !== 1)
          .map((name) => `${name} is registered ${registered.get(name) ?? 0} times`),
      ];
      if (problems.length > 0) throw new Error(`The routes differ from the route table:\n${problems.join('\n')}`);
    },
  };
}
