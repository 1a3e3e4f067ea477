import type { ReactNode } from 'react';
import type { Me } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { useIsSmallScreen } from '../../lib/use-media-query.ts';
import { hasRoute } from '../route-meta.ts';
import { MobileTabBar, MobileTopBar } from './mobile-nav.tsx';
import { NAV_ITEMS, visibleNavItems } from './nav-config.ts';
import { Sidebar } from './sidebar.tsx';

/**
 * The layout of someone signed in: sidebar (top bar and tab bar on phones) around the page. Its own
 * chunk, loaded by AppShell once someone is signed in: a visitor's first load of a public page does
 * not carry the app's navigation (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
 */
export function SignedInLayout({ me, minimized, skipLink, page }: { me: Me; minimized: boolean; skipLink: ReactNode; page: ReactNode }) {
  const smallScreen = useIsSmallScreen();
  const items = visibleNavItems(NAV_ITEMS, {
    isProvider: me.is_provider,
    smallScreen,
    hasRoute,
  });
  return (
    <div className="relative min-h-dvh">
      {skipLink}
      {/* The sidebar is fixed to the window; this column under it runs the document's full height, so
          its white never stops short (a long page's full capture, print, overscroll). */}
      <div
        aria-hidden="true"
        className={cn('absolute inset-y-0 left-0 hidden border-r border-zinc-200/80 bg-white lg:block', minimized ? 'w-[72px]' : 'w-64')}
      />
      <Sidebar me={me} items={items} minimized={minimized} />
      <MobileTopBar me={me} />
      <main id="main" tabIndex={-1} className={cn('min-h-dvh pb-24 outline-none lg:pb-0', minimized ? 'lg:pl-[72px]' : 'lg:pl-64')}>
        {page}
      </main>
      <MobileTabBar items={items} />
    </div>
  );
}
