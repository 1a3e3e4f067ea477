import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMe } from '../../lib/me.ts';
import { matchRouteMeta } from '../route-meta.ts';
import { Navbar } from './navbar.tsx';

const loadSignedInLayout = () => import('./signed-in-layout.tsx');
const SignedInLayout = lazy(() => loadSignedInLayout().then((m) => ({ default: m.SignedInLayout })));

/**
 * The root layout. Pages that need an account render once the current user is loaded
 * (docs/product-rules.md#routes-and-navigation), public pages at once; signed-out visitors of pages
 * that need an account go to /login. The sidebar shows when the route allows it and someone is signed in; the navbar
 * when the route asks for it and nobody is.
 */
export function AppShell() {
  const location = useLocation();
  const meta = matchRouteMeta(location.pathname);
  const me = useMe();
  // A page that needs an account fetches the navigation's chunk beside /api/me, so its boot
  // screen lasts no longer than before; a visitor's public page never asks for it.
  if (!meta.loginOptional) void loadSignedInLayout();

  // A public page does not wait for the user: it starts its own requests at once and the
  // navigation fills in when /api/me answers. Other pages need the user before they render.
  if (me.isPending && !meta.loginOptional) return <BootScreen />;
  if (me.isError) return <BootError onRetry={() => void me.refetch()} />;

  const user = me.data;
  if (user === null && !meta.loginOptional) return <Navigate to="/login" replace />;

  // The page is re-keyed on the full path (docs/product-rules.md#routes-and-navigation).
  const page = <Outlet key={location.pathname} />;

  const withoutSidebar = (
    <div className="min-h-dvh">
      <SkipLink />
      {user === null && meta.showNavbar && <Navbar />}
      <main id="main" tabIndex={-1} className="outline-none">
        {page}
      </main>
    </div>
  );

  if (user && meta.showSidebar) {
    // The navigation's chunk loads once per visit: a public page shows meanwhile as it did while
    // /api/me loaded, any other page keeps the boot screen.
    return (
      <Suspense fallback={meta.loginOptional ? withoutSidebar : <BootScreen />}>
        <SignedInLayout me={user} minimized={meta.minimizedSidebar ?? false} skipLink={<SkipLink />} page={page} />
      </Suspense>
    );
  }

  return withoutSidebar;
}

/** The first stop of the Tab key on every page: past the navigation, straight to the page. */
function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to content
    </a>
  );
}

function BootScreen() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6" aria-busy="true">
      <Logo className="text-xl" />
      <Spinner className="size-5 text-brand-600" label="Loading" />
    </div>
  );
}

function BootError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Logo className="text-xl" />
      <h1 className="mt-4 text-lg font-semibold text-zinc-900">We could not reach Slotted</h1>
      <p className="max-w-sm text-sm text-zinc-600">Please check your connection and try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
