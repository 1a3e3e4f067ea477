/** Liveness and readiness for orchestrators. */
export { healthRoutes } from './health.routes.ts';
