import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { hasRoute } from '../route-meta.ts';
import { renderAt, testQueryClient } from '../../test/render.tsx';
import { aClient, aProvider } from '../../test/generators.ts';
import { activeNavItem, isNavItemActive, NAV_ITEMS, visibleNavItems, type NavItem } from './nav-config.ts';
import { Sidebar } from './sidebar.tsx';

const everyPage = () => true;
const outline = (items: NavItem[]) =>
  items.map((item) => (item.children ? `${item.title} > ${item.children.map((c) => c.title).join(', ')}` : item.title));

describe('navigation entries', () => {
  it('clients see Schedule, My passes and Account settings', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: false, smallScreen: false, hasRoute: everyPage });
    expect(outline(items)).toEqual(['Schedule', 'My passes > Memberships, Services', 'Settings > Account, Calendar']);
  });

  it('providers see the studio: Insights, Catalog, Clients, Availability and Payments, and no My passes', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: true, smallScreen: false, hasRoute: everyPage });
    expect(outline(items)).toEqual([
      'Schedule',
      'Insights',
      'Catalog > Services, Plans',
      'Clients',
      'Availability > Working hours, Policies, Time off',
      'Settings > Account, Calendar, Payments',
    ]);
  });

  it('on small screens providers get five tabs: Settings stays in the account menu', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: true, smallScreen: true, hasRoute: everyPage });
    expect(items.map((i) => i.title)).toEqual(['Schedule', 'Insights', 'Catalog', 'Clients', 'Availability']);
    expect(items.find((i) => i.title === 'Availability')?.href).toBe('/availability');
  });

  it('lists only pages that exist, and a group links to its first visible sub-item', () => {
    // A fixed set of built pages, so the test does not change each time a page is added.
    const built = (href: string) => ['/schedule', '/settings/account'].includes(href);
    const items = visibleNavItems(NAV_ITEMS, { isProvider: true, smallScreen: false, hasRoute: built });
    expect(outline(items)).toEqual(['Schedule', 'Settings > Account']);
    expect(items[1]?.href).toBe('/settings/account');

    const withoutServices = visibleNavItems(NAV_ITEMS, {
      isProvider: true,
      smallScreen: false,

      hasRoute: (href) => href !== '/services',
    });
    expect(withoutServices.find((i) => i.title === 'Catalog')?.href).toBe('/plans');
  });
});

describe('highlighting', () => {
  it('an item is active when the path equals its link or starts with it', () => {
    expect(isNavItemActive('/schedule', '/schedule')).toBe(true);
    expect(isNavItemActive('/schedule/past', '/schedule')).toBe(true);
    expect(isNavItemActive('/settings/account/', '/settings/account')).toBe(true);
    expect(isNavItemActive('/scheduler', '/schedule')).toBe(false);
    expect(isNavItemActive('/settings/payments', '/settings/account')).toBe(false);
  });

  it('the most specific entry wins among siblings, and a group is active through its sub-items', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: true, smallScreen: false, hasRoute: everyPage });
    const availability = items.find((i) => i.title === 'Availability')?.children ?? [];
    expect(activeNavItem('/availability/policies', availability)?.title).toBe('Policies');
    expect(activeNavItem('/availability', availability)?.title).toBe('Working hours');
    expect(activeNavItem('/availability/unavailable-days', availability)?.title).toBe('Time off');
    expect(activeNavItem('/availability/unavailable-days', items)?.title).toBe('Availability');
    expect(activeNavItem('/plans', items)?.title).toBe('Catalog');
    const clientItems = visibleNavItems(NAV_ITEMS, { isProvider: false, smallScreen: false, hasRoute: everyPage });
    expect(activeNavItem('/purchases/services', clientItems)?.title).toBe('My passes');
    expect(activeNavItem('/demo', items)).toBeUndefined();
  });

  it('the sidebar marks the current page; other groups stay closed', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: false, smallScreen: false, hasRoute });
    renderAt(<Sidebar me={aClient} items={items} minimized={false} />, {
      path: '/schedule/past',
      queryClient: testQueryClient(aClient),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getByRole('link', { name: /Schedule/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(
      within(nav)
        .getByRole('button', { name: /Settings/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('a group on the current page is open with its sub-item marked', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: true, smallScreen: false, hasRoute });
    renderAt(<Sidebar me={aProvider} items={items} minimized={false} />, {
      path: '/settings/account',
      queryClient: testQueryClient(aProvider),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getByRole('button', { name: /Settings/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getByRole('link', { name: /Schedule/ })
        .getAttribute('aria-current'),
    ).toBeNull();
  });

  it('on Time off the sidebar marks Time off in the Availability group, not Working hours', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: true, smallScreen: false, hasRoute });
    renderAt(<Sidebar me={aProvider} items={items} minimized={false} />, {
      path: '/availability/unavailable-days',
      queryClient: testQueryClient(aProvider),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Time off' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Working hours' }).getAttribute('aria-current')).toBeNull();
  });

  it('a minimized sidebar links groups straight to their first sub-item', () => {
    const items = visibleNavItems(NAV_ITEMS, { isProvider: false, smallScreen: false, hasRoute });
    renderAt(<Sidebar me={aClient} items={items} minimized />, { path: '/schedule', queryClient: testQueryClient(aClient) });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings/account');
  });
});
