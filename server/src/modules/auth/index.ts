/** Sign-in by e-mail magic link. */
export { authRoutes } from './auth.routes.ts';
export { authService } from './auth.service.ts';
export { deleteSpentMagicLinks } from './magic-links.queries.ts';
