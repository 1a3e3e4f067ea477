/** GET /api/app-config: what the web app needs to know about this installation. */
export { appConfigRoutes } from './app-config.routes.ts';
