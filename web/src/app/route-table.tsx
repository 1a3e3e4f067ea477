import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';

/** A route's flags (docs/product-rules.md#routes-and-navigation). */
export interface RouteMeta {
  /** Signed-out visitors may see the page; a 401 there does not send them to /login. */
  loginOptional?: boolean;
  /** Default true. */
  showSidebar?: boolean;
  /** Default false. */
  minimizedSidebar?: boolean;
  /** Default false; the navbar only shows when signed out. */
  showNavbar?: boolean;
}

export interface AppRoute {
  path: string;
  /** Spec route name, where it has one (e.g. 'ChooseTime'). */
  name?: string;
  /** Fetches the page's chunk: each page is its own chunk, so a first visit downloads only its page. */
  load: () => Promise<ComponentType>;
  meta?: RouteMeta;
}

function RedirectHome() {
  return <Navigate to="/schedule" replace />;
}

const noSidebarPublic: RouteMeta = { showSidebar: false, loginOptional: true };

/**
 * The route table (docs/product-rules.md#routes-and-navigation). Pages of later issues are added
 * here as they are built (one line each); the sidebar shows an entry only once its page exists (see
 * nav-config.ts).
 *
 * ChooseTime and Profile match any path of one to four segments that no page above claims:
 * ChooseTimePage hands paths of any other shape (e.g. /no/such/page) to the catch-all.
 */
export const routeTable: AppRoute[] = [
  { path: '/', load: async () => RedirectHome },
  { path: '/schedule/:subset?', name: 'Schedule', load: () => import('./schedule-route.tsx').then((m) => m.ScheduleRoute) },
  {
    path: '/login',
    name: 'Login',
    load: () => import('../features/auth/pages/login-page.tsx').then((m) => m.LoginPage),
    meta: noSidebarPublic,
  },
  {
    path: '/magic-link/:token',
    name: 'MagicLink',
    load: () => import('../features/auth/pages/magic-link-page.tsx').then((m) => m.MagicLinkPage),
    meta: noSidebarPublic,
  },
  {
    path: '/settings/account',
    name: 'AccountSettings',
    load: () => import('../features/settings/pages/account-settings-page.tsx').then((m) => m.AccountSettingsPage),
  },
  {
    path: '/settings/calendar',
    name: 'CalendarSettings',
    load: () => import('../features/settings/pages/calendar-settings-page.tsx').then((m) => m.CalendarSettingsPage),
  },
  {
    path: '/settings/payments',
    name: 'PaymentsSettings',
    load: () => import('../features/settings/pages/payments-settings-page.tsx').then((m) => m.PaymentsSettingsPage),
  },
  {
    path: '/settings/calendar',
    name: 'CalendarSettings',
    load: () => import('../features/settings/pages/calendar-settings-page.tsx').then((m) => m.CalendarSettingsPage),
  },
  { path: '/services', name: 'Services', load: () => import('../features/services/pages/services-page.tsx').then((m) => m.ServicesPage) },
  { path: '/plans', name: 'Plans', load: () => import('../features/plans/pages/plans-page.tsx').then((m) => m.PlansPage) },
  { path: '/clients', name: 'Clients', load: () => import('../features/clients/pages/clients-page.tsx').then((m) => m.ClientsPage) },
  { path: '/insights', name: 'Insights', load: () => import('../features/insights/pages/insights-page.tsx').then((m) => m.InsightsPage) },
  {
    path: '/availability',
    name: 'WorkingHours',
    load: () => import('../features/availability/pages/working-hours-page.tsx').then((m) => m.WorkingHoursPage),
  },
  {
    path: '/availability/policies',
    name: 'Policies',
    load: () => import('../features/availability/pages/policies-page.tsx').then((m) => m.PoliciesPage),
  },
  {
    path: '/availability/unavailable-days',
    name: 'UnavailableDays',
    load: () => import('../features/availability/pages/unavailable-days-page.tsx').then((m) => m.UnavailableDaysPage),
  },
  {
    path: '/auth/logout',
    name: 'Logout',
    load: () => import('../features/auth/pages/logout-page.tsx').then((m) => m.LogoutPage),
    meta: { showSidebar: false },
  },
  {
    path: '/appointments/:id',
    name: 'AppointmentConfirmation',
    load: () => import('../features/appointments/pages/appointment-confirmation-page.tsx').then((m) => m.AppointmentConfirmationPage),
    meta: noSidebarPublic,
  },
  {
    path: '/memberships',
    name: 'Memberships',
    load: () => import('../features/memberships/pages/memberships-page.tsx').then((m) => m.MembershipsPage),
  },
  {
    path: '/memberships/:id',
    name: 'MembershipConfirmation',
    load: () => import('../features/memberships/pages/membership-confirmation-page.tsx').then((m) => m.MembershipConfirmationPage),
    meta: noSidebarPublic,
  },
  {
    path: '/purchases/services',
    name: 'PurchasedServices',
    load: () => import('../features/purchases/pages/purchased-services-page.tsx').then((m) => m.PurchasedServicesPage),
  },
  {
    path: '/:username/:serviceId/:date?/:time?',
    name: 'ChooseTime',
    load: () => import('../features/choose-time/pages/choose-time-page.tsx').then((m) => m.ChooseTimePage),
    meta: { ...noSidebarPublic, showNavbar: true },
  },
  {
    path: '/:username',
    name: 'Profile',
    load: () => import('../features/profile/pages/profile-page.tsx').then((m) => m.ProfilePage),
    meta: { loginOptional: true, minimizedSidebar: true, showNavbar: true },
  },
  { path: '*', name: 'NotFound', load: async () => NotFoundPage, meta: { loginOptional: true } },
];

/** Starts downloading a page's chunk ahead of a likely visit (e.g. hovering a link to it). */
export function preloadRoute(name: string): void {
  void routeTable.find((route) => route.name === name)?.load();
}
