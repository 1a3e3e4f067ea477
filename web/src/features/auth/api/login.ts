import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@slotted/contract';
import { apiRequest, ensureCsrfCookie } from '../../../lib/api-client.ts';

/**
 * POST /api/login: e-mails a magic link. A fresh CSRF cookie is fetched first
 * (docs/architecture.md#api-conventions).
 */
export async function login(body: LoginRequest): Promise<{ message: string }> {
  await ensureCsrfCookie(true);
  const { body: answer } = await apiRequest('login', { json: body });
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
