/** A provider's plans: memberships and single-payment packs of their services. */
export { plansRoutes } from './plans.routes.ts';
export { livePlansOf, plansService } from './plans.service.ts';
