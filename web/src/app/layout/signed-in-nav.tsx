import type { Me } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { useIsSmallScreen } from '../../lib/use-media-query.ts';
import { hasRoute } from '../route-meta.ts';
import { MobileTabBar, MobileTopBar } from './mobile-nav.tsx';
import { NAV_ITEMS, visibleNavItems, type NavItem } from './nav-config.ts';
import { Sidebar } from './sidebar.tsx';

/**
 * The navigation of someone signed in, in a chunk of its own that AppShell loads once someone is
 * signed in: a visitor's first load of a public page does not carry it
 * (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md). Only the navigation is lazy,
 * never the page: AppShell keeps the page where it is while these arrive, so it is not mounted
 * twice (a dialog it opened, a form half filled, would be lost).
 */
function useNavItems(me: Me): NavItem[] {
  const smallScreen = useIsSmallScreen();
  return visibleNavItems(NAV_ITEMS, { isProvider: me.is_provider, smallScreen, hasRoute });
}

/** Above the page: the sidebar (and the column under it) from 1024 px, the top bar below. */
export function SignedInNav({ me, minimized }: { me: Me; minimized: boolean }) {
  const items = useNavItems(me);
  return (
    <>
      {/* The sidebar is fixed to the window; this column under it runs the document's full height, so
          its white never stops short (a long page's full capture, print, overscroll). */}
      <div
        aria-hidden="true"
        className={cn('absolute inset-y-0 left-0 hidden border-r border-zinc-200/80 bg-white lg:block', minimized ? 'w-[72px]' : 'w-64')}
      />
      <Sidebar me={me} items={items} minimized={minimized} />
      <MobileTopBar me={me} />
    </>
  );
}

/** Below the page: the phone's tab bar. */
export function SignedInTabBar({ me }: { me: Me }) {
  return <MobileTabBar items={useNavItems(me)} />;
}
