/** Working hours, policies, time off and public holidays of a provider. */
export { availabilityRoutes } from './availability.routes.ts';
export { availabilityService } from './availability.service.ts';
