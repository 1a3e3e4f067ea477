/** A provider's catalog of appointment and class services. */
export { findLiveService, listProviderServices, type ServiceListRow } from './services.queries.ts';
export { servicesRoutes } from './services.routes.ts';
export { presentService, servicesService } from './services.service.ts';
