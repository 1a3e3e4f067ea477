import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { Me } from '@slotted/contract';
import { ChevronDownIcon } from 'lucide-react';
import { Logo } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { activeNavItem, type NavItem } from './nav-config.ts';
import { NavIcon } from './nav-icon.tsx';
import { ProfileMenu } from './lazy-profile-menu.tsx';

const rowClasses =
  'group flex h-9 w-full items-center gap-3 rounded-lg px-2.5 text-sm font-medium transition-colors outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-brand-500';
const idle = 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900';
const current = 'bg-brand-50 text-brand-700';

/**
 * The desktop sidebar (from 1024 px). Groups open in place to show their sub-items; when minimized
 * (icons only) a group goes straight to its first sub-item
 * (docs/product-rules.md#routes-and-navigation).
 */
export function Sidebar({ me, items, minimized }: { me: Me; items: NavItem[]; minimized: boolean }) {
  const { pathname } = useLocation();
  const active = activeNavItem(pathname, items);
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  return (
    <aside
      className={cn(
        'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-zinc-200/80 bg-white lg:flex',
        minimized ? 'w-[72px] items-center' : 'w-64',
      )}
    >
      <div className={cn('flex h-16 shrink-0 items-center', minimized ? 'justify-center' : 'px-5')}>
        <Link to="/" className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label="Slotted, home">
          {minimized ? <Logo className="text-base [&>span]:sr-only" /> : <Logo className="text-base" />}
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => {
            const isActive = item === active;
            if (!item.children || minimized) {
              return (
                <li key={item.title}>
                  <NavLink
                    to={item.href}
                    title={minimized ? item.title : undefined}
                    aria-current={isActive ? 'page' : undefined}
                    className={cn(rowClasses, isActive ? current : idle, minimized && 'size-11 justify-center px-0')}
                  >
                    <NavIcon icon={item.icon} className={cn('size-5 shrink-0', !isActive && 'text-zinc-400 group-hover:text-zinc-600')} />
                    <span className={cn(minimized && 'sr-only')}>{item.title}</span>
                  </NavLink>
                </li>
              );
            }
            const expanded = toggled[item.title] ?? isActive;
            const activeChild = isActive ? activeNavItem(pathname, item.children) : undefined;
            const groupId = `nav-group-${item.title.toLowerCase().replace(/\W+/g, '-')}`;
            return (
              <li key={item.title}>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={groupId}
                  onClick={() => setToggled((state) => ({ ...state, [item.title]: !expanded }))}
                  className={cn(rowClasses, isActive ? 'text-zinc-900' : idle)}
                >
                  <NavIcon
                    icon={item.icon}
                    className={cn('size-5 shrink-0', isActive ? 'text-brand-600' : 'text-zinc-400 group-hover:text-zinc-600')}
                  />
                  <span className="flex-1 text-left">{item.title}</span>
                  <ChevronDownIcon className={cn('size-4 text-zinc-400 transition-transform', !expanded && '-rotate-90')} />
                </button>
                <ul id={groupId} hidden={!expanded} className="mt-0.5 ml-[22px] flex flex-col gap-0.5 border-l border-zinc-200 pl-3">
                  {item.children.map((child) => {
                    const childActive = child === activeChild;
                    return (
                      <li key={child.href}>
                        {/* A Link, not a NavLink: NavLink would mark Working hours (/availability) current on its
                            sibling Time off (/availability/unavailable-days); the most specific sub-item alone is. */}
                        <Link
                          to={child.href}
                          aria-current={childActive ? 'page' : undefined}
                          className={cn(rowClasses, 'h-8', childActive ? current : idle)}
                        >
                          {child.title}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={cn('shrink-0 border-t border-zinc-100 p-3', minimized && 'px-0')}>
        <ProfileMenu me={me} variant={minimized ? 'compact' : 'full'} />
      </div>
    </aside>
  );
}
