/** A provider's public profile. */
export { profileRoutes } from './profile.routes.ts';
export { profileService } from './profile.service.ts';
export { profileFirstPaint } from './profile-first-paint.ts';
