/**
 * Route guards and the signed-in user. Routes are guarded by their entry's `access` in the route
 * table (lib/api-route.ts picks the guard); handlers read the user with `currentUser`.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

type SignedInUser = NonNullable<FastifyRequest['user']>;

/** Route guard: signed-in users only. */
export async function requireUser(req: FastifyRequest): Promise<void> {
  if (!req.user) throw new AppError('unauthenticated');
}

/** Route guard: providers only (clients get 403). */
export async function requireProvider(req: FastifyRequest): Promise<void> {
  if (!req.user) throw new AppError('unauthenticated');
  if (!req.user.isProvider) throw new AppError('forbidden', 'Only providers can do that.');
}

export function currentUser(req: FastifyRequest): SignedInUser {
  if (!req.user) throw new AppError('unauthenticated');
  return req.user;
}
