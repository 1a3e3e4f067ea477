/** Google and Facebook sign-in. */
export { identityProviders } from './identity-providers.ts';
export { deleteSpentAttempts } from './oauth-attempts.queries.ts';
export { socialRoutes } from './social.routes.ts';
export { socialService } from './social.service.ts';
