import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMe } from '../../lib/me.ts';
import { cn } from '../../lib/cn.ts';
import { matchRouteMeta } from '../route-meta.ts';
import { Navbar } from './navbar.tsx';

const loadSignedInNav = () => import('./signed-in-nav.tsx');
const SignedInNav = lazy(() => loadSignedInNav().then((m) => ({ default: m.SignedInNav })));
const SignedInTabBar = lazy(() => loadSignedInNav().then((m) => ({ default: m.SignedInTabBar })));

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
  if (!meta.loginOptional) void loadSignedInNav();

  // A public page does not wait for the user: it starts its own requests at once and the
  // navigation fills in when /api/me answers. Other pages need the user before they render.
  if (me.isPending && !meta.loginOptional) return <BootScreen />;
  if (me.isError) return <BootError onRetry={() => void me.refetch()} />;

  const user = me.data;
  if (user === null && !meta.loginOptional) return <Navigate to="/login" replace />;

  // The page is re-keyed on the full path (docs/product-rules.md#routes-and-navigation).
  const page = <Outlet key={location.pathname} />;

  // One tree whatever the navigation, so a page is never mounted twice (a dialog it opened, a form
  // half filled, would be lost). A public page shows at once and the navigation's chunk fills in
  // around it; any other page keeps the boot screen until the chunk is there (it was fetched beside
  // /api/me), so it never shows without its navigation.
  const withSidebar = Boolean(user && meta.showSidebar);
  const minimized = meta.minimizedSidebar ?? false;
  const lazyNav = (nav: ReactNode) => (meta.loginOptional ? <Suspense fallback={null}>{nav}</Suspense> : nav);
  return (
    <Suspense fallback={<BootScreen />}>
      <div className={cn('min-h-dvh', withSidebar && 'relative')}>
        <SkipLink />
        {user === null && meta.showNavbar && <Navbar />}
        {withSidebar && user && lazyNav(<SignedInNav me={user} minimized={minimized} />)}
        <main
          id="main"
          tabIndex={-1}
          className={cn('outline-none', withSidebar && ['min-h-dvh pb-24 lg:pb-0', minimized ? 'lg:pl-[72px]' : 'lg:pl-64'])}
        >
          {page}
        </main>
        {withSidebar && user && lazyNav(<SignedInTabBar me={user} />)}
      </div>
    </Suspense>
  );
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
