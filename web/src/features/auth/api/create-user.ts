import { useMutation } from '@tanstack/react-query';
import type { CreateUserRequest, Me } from '@slotted/contract';
import { apiData, ensureCsrfCookie } from '../../../lib/api-client.ts';

/**
 * POST /api/create-user: finishes sign-up from a magic link. A fresh CSRF cookie is fetched first
 * (docs/architecture.md#api-conventions).
 */
export async function createUser(body: CreateUserRequest): Promise<Me> {
  await ensureCsrfCookie(true);
  return apiData('createUser', { json: body });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}
