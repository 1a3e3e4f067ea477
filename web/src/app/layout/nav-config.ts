import { ChartColumnIcon, ClockIcon, LayersIcon, SettingsIcon, TicketIcon, UsersIcon, type LucideIcon } from 'lucide-react';

/** A navigation item: title, icon, href, optional sub-items. */
export interface NavItem {
  title: string;
  href: string;
  /** 'schedule' draws a calendar page with today's day of the month. */
  icon?: LucideIcon | 'schedule';
  children?: NavItem[];
  /**
   * Default 'all'. 'client' hides it from providers: their menu is for running the studio, and
   * their own passes are in the account menu (docs/product-rules.md#routes-and-navigation).
   */
  audience?: 'all' | 'provider' | 'client';
  /** Default 'all'; 'small' is under 1024 px only, 'large' from 1024 px on. */
  screens?: 'all' | 'small' | 'large';
}

/**
 * The menu, in order (docs/product-rules.md#routes-and-navigation). Adding an entry is one line; an
 * entry appears only once a page exists at its href (see visibleNavItems' hasRoute).
 */
export const NAV_ITEMS: NavItem[] = [
  { title: 'Schedule', href: '/schedule', icon: 'schedule' },
  { title: 'Insights', href: '/insights', icon: ChartColumnIcon, audience: 'provider' },
  {
    title: 'Catalog',
    href: '/services',
    icon: LayersIcon,
    audience: 'provider',
    children: [
      { title: 'Services', href: '/services' },
      { title: 'Plans', href: '/plans' },
    ],
  },
  { title: 'Clients', href: '/clients', icon: UsersIcon, audience: 'provider' },
  {
    title: 'My passes',
    href: '/memberships',
    icon: TicketIcon,
    audience: 'client',
    children: [
      { title: 'Memberships', href: '/memberships' },
      { title: 'Services', href: '/purchases/services' },
    ],
  },
  {
    title: 'Availability',
    href: '/availability',
    icon: ClockIcon,
    audience: 'provider',
    children: [
      { title: 'Working hours', href: '/availability' },
      { title: 'Policies', href: '/availability/policies' },
      { title: 'Time off', href: '/availability/unavailable-days' },
    ],
  },
  {
    title: 'Settings',
    href: '/settings/account',
    icon: SettingsIcon,
    // On phones the top bar's account menu has Settings: a provider's five tabs keep their labels readable at 375 px.
    screens: 'large',
    children: [
      { title: 'Account', href: '/settings/account' },
      { title: 'Calendar', href: '/settings/calendar' },
      { title: 'Payments', href: '/settings/payments', audience: 'provider' },
    ],
  },
];

export interface NavContext {
  isProvider: boolean;
  smallScreen: boolean;
  /** Whether a page exists at a path (later issues' pages are hidden until they exist). */
  hasRoute: (href: string) => boolean;
}

/**
 * The entries a user sees: filtered by role, screen size and existing pages. A group keeps only
 * its visible sub-items, links to the first of them, and disappears when none is left.
 */
export function visibleNavItems(items: NavItem[], context: NavContext): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    const audience = item.audience ?? 'all';
    if (audience === 'provider' && !context.isProvider) continue;
    if (audience === 'client' && context.isProvider) continue;
    const screens = item.screens ?? 'all';
    if (screens === 'small' && !context.smallScreen) continue;
    if (screens === 'large' && context.smallScreen) continue;
    if (item.children) {
      const children = visibleNavItems(item.children, context);
      const [first] = children;
      if (!first) continue;
      out.push({ ...item, href: first.href, children });
    } else if (context.hasRoute(item.href)) {
      out.push(item);
    }
  }
  return out;
}

/**
 * An item is highlighted when the current path equals its link or starts with it
 * (docs/product-rules.md#routes-and-navigation).
 */
export function isNavItemActive(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === href || path.startsWith(href.endsWith('/') ? href : `${href}/`);
}

function longestMatch(pathname: string, item: NavItem): number {
  let best = isNavItemActive(pathname, item.href) ? item.href.length : -1;
  for (const child of item.children ?? []) best = Math.max(best, longestMatch(pathname, child));
  return best;
}

/**
 * Among sibling entries, the highlighted one: the entry (or group containing the entry) whose link
 * matches the path, the most specific link winning — so /availability/policies highlights
 * Policies, not also Working hours (/availability).
 */
export function activeNavItem(pathname: string, items: NavItem[]): NavItem | undefined {
  let best: NavItem | undefined;
  let bestLength = -1;
  for (const item of items) {
    const length = longestMatch(pathname, item);
    if (length > bestLength) {
      best = item;
      bestLength = length;
    }
  }
  return best;
}
