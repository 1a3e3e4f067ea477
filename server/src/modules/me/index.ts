/** The signed-in person's account settings and uploads. */
export { meRoutes } from './me.routes.ts';
export { meService } from './me.service.ts';
