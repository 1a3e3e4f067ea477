import { matchRoutes, type RouteObject } from 'react-router';
import { routeTable, type RouteMeta } from './route-table.tsx';

export type ResolvedRouteMeta = Required<RouteMeta>;

export function resolveMeta(meta: RouteMeta | undefined): ResolvedRouteMeta {
  return {
    loginOptional: meta?.loginOptional ?? false,
    showSidebar: meta?.showSidebar ?? true,
    minimizedSidebar: meta?.minimizedSidebar ?? false,
    showNavbar: meta?.showNavbar ?? false,
  };
}

const matchable: RouteObject[] = routeTable.map((route) => ({ path: route.path, handle: route }));

/** The meta of the route that renders a path (the catch-all when nothing else matches). */
export function matchRouteMeta(pathname: string): ResolvedRouteMeta {
  const matches = matchRoutes(matchable, pathname);
  const route = matches?.[matches.length - 1]?.route.handle as (typeof routeTable)[number] | undefined;
  return resolveMeta(route?.meta);
}

export function isLoginOptionalPath(pathname: string): boolean {
  return matchRouteMeta(pathname).loginOptional;
}

/**
 * Whether the app has its own page at a path; navigation only links to those. Neither the
 * catch-all nor a top-level parameter (the public profile's /:username) counts: they would
 * match any path.
 */
export function hasRoute(pathname: string): boolean {
  const matches = matchRoutes(matchable, pathname);
  const path = matches?.[matches.length - 1]?.route.path;
  return Boolean(path && path !== '*' && !path.startsWith('/:'));
}

/** Whether the route table has a page with this spec route name (e.g. 'Profile'). */
export function hasNamedRoute(name: string): boolean {
  return routeTable.some((route) => route.name === name);
}
