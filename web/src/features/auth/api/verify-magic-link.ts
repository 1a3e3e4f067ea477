import { useMutation } from '@tanstack/react-query';
import type { Me } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export type MagicLinkResult = { kind: 'signed-in'; me: Me } | { kind: 'new-user'; email: string; message: string };

/** POST /api/magic-link: 200 signs in; 202 means the e-mail has no account yet (set one up). */
export async function verifyMagicLink(token: string): Promise<MagicLinkResult> {
  const { status, body } = await apiRequest<{ data: unknown }>('/api/magic-link', { method: 'POST', json: { token } });
  const data = (body?.data ?? {}) as Record<string, unknown>;
  if (status === 202 || (typeof data.email === 'string' && !('id' in data))) {
    return { kind: 'new-user', email: String(data.email ?? ''), message: String(data.message ?? '') };
  }
  return { kind: 'signed-in', me: data as unknown as Me };
}

export function useVerifyMagicLink() {
  return useMutation({ mutationFn: verifyMagicLink });
}
