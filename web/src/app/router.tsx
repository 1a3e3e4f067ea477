import { createBrowserRouter, isRouteErrorResponse, useRouteError, type RouteObject } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { Logo } from '../components/ui/icons.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { routeTable } from './route-table.tsx';

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RouteError,
    // Until the first page's chunk arrives the screen stays blank rather than flashing a spinner.
    HydrateFallback: BlankScreen,
    children: routeTable.map((route) => ({ path: route.path, lazy: async () => ({ Component: await route.load() }), handle: route })),
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

function BlankScreen() {
  return <div className="min-h-dvh" />;
}

function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Logo className="text-xl" />
      <h1 className="mt-4 text-lg font-semibold text-zinc-900">Something went wrong</h1>
      <p className="max-w-sm text-sm text-zinc-600">An unexpected error occurred. Reloading the page usually helps.</p>
      <a href="/" className={buttonClasses()}>
        Reload
      </a>
    </div>
  );
}
