import { queryOptions } from '@tanstack/react-query';
import { membershipSchema, type Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { membershipKeys } from '../../../lib/query-keys.ts';

/** Reads a membership answer; a contract drift is logged for developers and the page carries on. */
export function readMembership(data: unknown, what: string): Membership {
  const parsed = membershipSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`${what} does not match the contract`, parsed.error.issues);
  return data as Membership;
}

/**
 * GET /api/memberships/{id}: one's own purchase (404 for anyone else's). `session_id` is the card
 * payment provider's checkout session, passed on when coming back from it.
 */
export async function fetchMembership(id: string, sessionId?: string | null): Promise<Membership> {
  const data = await apiData<unknown>(`/api/memberships/${encodeURIComponent(id)}`, { query: { session_id: sessionId } });
  return readMembership(data, 'GET /api/memberships/{id}');
}

export const membershipQueryOptions = (id: string, sessionId?: string | null) =>
  queryOptions({
    queryKey: membershipKeys.detail(id),
    queryFn: () => fetchMembership(id, sessionId),
    // A purchase's hold runs out: look again when the visitor comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
