import type { ReactElement } from 'react';
import { onTestFinished } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Me } from '@slotted/contract';
import { Providers } from '../app/providers.tsx';
import { installUnauthorizedRedirect } from '../app/unauthorized.ts';
import { meKeys } from '../lib/query-keys.ts';

export function testQueryClient(me?: Me | null): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (me !== undefined) client.setQueryData(meKeys.all, me);
  return client;
}

/** Renders routes in a memory router inside the app's real providers, wired as main.tsx wires them. */
export function renderRoutes(routes: RouteObject[], { path = '/', queryClient = testQueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  onTestFinished(
    installUnauthorizedRedirect({
      queryClient,
      navigate: (to, options) => router.navigate(to, options),
      currentPath: () => router.state.location.pathname,
    }),
  );
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at a path, with the app's providers. */
export function renderAt(element: ReactElement, options: { path?: string; queryClient?: QueryClient } = {}) {
  return renderRoutes([{ path: '*', element }], options);
}
