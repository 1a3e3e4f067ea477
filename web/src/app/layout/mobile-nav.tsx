import { Link, NavLink, useLocation } from 'react-router';
import type { Me } from '@slotted/contract';
import { Logo } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { activeNavItem, type NavItem } from './nav-config.ts';
import { NavIcon } from './nav-icon.tsx';
import { ProfileMenu } from './lazy-profile-menu.tsx';

/** Under 1024 px: a slim top bar (logo, account menu). */
export function MobileTopBar({ me }: { me: Me }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-zinc-200/80 bg-white/85 px-4 backdrop-blur-md lg:hidden pt-[env(safe-area-inset-top)]">
      <Link to="/" className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label="Slotted, home">
        <Logo className="text-[15px]" />
      </Link>
      <ProfileMenu me={me} variant="compact" />
    </header>
  );
}

/**
 * Under 1024 px: a bottom tab bar with the top-level entries; a group goes straight to its first
 * sub-item (docs/product-rules.md#routes-and-navigation), whose page offers the others as tabs.
 */
export function MobileTabBar({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const active = activeNavItem(pathname, items);
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-zinc-200/80 bg-white/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden"
    >
      <ul className="mx-auto flex max-w-xl items-stretch justify-around">
        {items.map((item) => {
          const isActive = item === active;
          return (
            <li key={item.title} className="min-w-0 flex-1">
              <NavLink
                to={item.href}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 px-1 text-[11px] font-medium transition-colors outline-none',
                  'focus-visible:bg-zinc-100',
                  isActive ? 'text-brand-700' : 'text-zinc-500 hover:text-zinc-800',
                )}
              >
                <span className={cn('flex h-7 w-12 items-center justify-center rounded-full transition-colors', isActive && 'bg-brand-50')}>
                  <NavIcon icon={item.icon} className="size-[22px]" />
                </span>
                <span className="max-w-full truncate">{item.title}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
