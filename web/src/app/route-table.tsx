import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteMeta } from './route-meta.ts';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { MagicLinkPage } from '../features/auth/pages/magic-link-page.tsx';
import { LogoutPage } from '../features/auth/pages/logout-page.tsx';
import { ScheduleRoute } from './schedule-route.tsx';
import { AccountSettingsPage } from '../features/settings/pages/account-settings-page.tsx';
import { PaymentsSettingsPage } from '../features/settings/pages/payments-settings-page.tsx';
import { ServicesPage } from '../features/services/pages/services-page.tsx';
import { PlansPage } from '../features/plans/pages/plans-page.tsx';
import { WorkingHoursPage } from '../features/availability/pages/working-hours-page.tsx';
import { PoliciesPage } from '../features/availability/pages/policies-page.tsx';
import { UnavailableDaysPage } from '../features/availability/pages/unavailable-days-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ProfilePage } from '../features/profile/pages/profile-page.tsx';
import { ChooseTimePage } from '../features/choose-time/pages/choose-time-page.tsx';
import { AppointmentConfirmationPage } from '../features/appointments/pages/appointment-confirmation-page.tsx';
import { ClientsPage } from '../features/clients/pages/clients-page.tsx';
import { MembershipsPage } from '../features/memberships/pages/memberships-page.tsx';
import { MembershipConfirmationPage } from '../features/memberships/pages/membership-confirmation-page.tsx';
import { PurchasedServicesPage } from '../features/purchases/pages/purchased-services-page.tsx';

export interface AppRoute {
  path: string;
  /** Spec route name, where it has one (e.g. 'ChooseTime'). */
  name?: string;
  Component: ComponentType;
  meta?: RouteMeta;
}

// The charting library comes with this page only: it loads when the route is first visited.
const InsightsPage = lazy(() => import('../features/insights/pages/insights-page.tsx').then((m) => ({ default: m.InsightsPage })));

function InsightsRoute() {
  return (
    <Suspense fallback={null}>
      <InsightsPage />
    </Suspense>
  );
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
  { path: '/', Component: RedirectHome },
  { path: '/schedule/:subset?', name: 'Schedule', Component: ScheduleRoute },
  { path: '/login', name: 'Login', Component: LoginPage, meta: noSidebarPublic },
  { path: '/magic-link/:token', name: 'MagicLink', Component: MagicLinkPage, meta: noSidebarPublic },
  { path: '/settings/account', name: 'AccountSettings', Component: AccountSettingsPage },
  { path: '/settings/payments', name: 'PaymentsSettings', Component: PaymentsSettingsPage },
  { path: '/services', name: 'Services', Component: ServicesPage },
  { path: '/plans', name: 'Plans', Component: PlansPage },
  { path: '/clients', name: 'Clients', Component: ClientsPage },
  { path: '/insights', name: 'Insights', Component: InsightsRoute },
  { path: '/availability', name: 'WorkingHours', Component: WorkingHoursPage },
  { path: '/availability/policies', name: 'Policies', Component: PoliciesPage },
  { path: '/availability/unavailable-days', name: 'UnavailableDays', Component: UnavailableDaysPage },
  { path: '/auth/logout', name: 'Logout', Component: LogoutPage, meta: { showSidebar: false } },
  { path: '/appointments/:id', name: 'AppointmentConfirmation', Component: AppointmentConfirmationPage, meta: noSidebarPublic },
  { path: '/memberships', name: 'Memberships', Component: MembershipsPage },
  { path: '/memberships/:id', name: 'MembershipConfirmation', Component: MembershipConfirmationPage, meta: noSidebarPublic },
  { path: '/purchases/services', name: 'PurchasedServices', Component: PurchasedServicesPage },
  {
    path: '/:username/:serviceId/:date?/:time?',
    name: 'ChooseTime',
    Component: ChooseTimePage,
    meta: { ...noSidebarPublic, showNavbar: true },
  },
  { path: '/:username', name: 'Profile', Component: ProfilePage, meta: { loginOptional: true, minimizedSidebar: true, showNavbar: true } },
  { path: '*', name: 'NotFound', Component: NotFoundPage, meta: { loginOptional: true } },
];
