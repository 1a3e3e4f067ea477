import { useMutation } from '@tanstack/react-query';
import type { Me } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export type MagicLinkResult = { kind: 'signed-in'; me: Me } | { kind: 'new-user'; email: string; message: string };

/** POST /api/magic-link: 200 signs in; 202 means the e-mail has no account yet (set one up). */
export async function verifyMagicLink(token: string): Promise<MagicLinkResult> {
  const { status, body } = await apiRequest<{ data?: Me | { email: string; message: string } }>('/api/magic-link', {
    method: 'POST',
    json: { token },
  });
  const data = body?.data;
  if (status !== 202 && data && 'id' in data) return { kind: 'signed-in', me: data };
  return { kind: 'new-user', email: data?.email ?? '', message: data && 'message' in data ? data.message : '' };
}

export function useVerifyMagicLink() {
  return useMutation({ mutationFn: verifyMagicLink });
}
