import { useMutation } from '@tanstack/react-query';
import type { Me } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export type MagicLinkResult = { kind: 'signed-in'; me: Me } | { kind: 'new-user'; email: string; message: string };

/** POST /api/magic-link: 200 signs in; 202 means the e-mail has no account yet (set one up). */
export async function verifyMagicLink(token: string): Promise<MagicLinkResult> {
  const { body } = await apiRequest('magicLink', { json: { token } });
  const { data } = body;
  // 202's answer is the e-mail and a message; 200's is the signed-in user.
  if (!('id' in data)) return { kind: 'new-user', email: data.email, message: data.message };
  return { kind: 'signed-in', me: data };
}

export function useVerifyMagicLink() {
  return useMutation({ mutationFn: verifyMagicLink });
}
