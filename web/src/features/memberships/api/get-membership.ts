import { queryOptions } from '@tanstack/react-query';
import type { Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { membershipKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/memberships/{id}: one's own purchase (404 for anyone else's). `session_id` is the card
 * payment provider's checkout session, passed on when coming back from it.
 */
export async function fetchMembership(id: string, sessionId?: string | null): Promise<Membership> {
  return apiData('membership', { params: { id }, query: { session_id: sessionId ?? undefined } });
}

export const membershipQueryOptions = (id: string, sessionId?: string | null) =>
  queryOptions({
    queryKey: membershipKeys.detail(id),
    queryFn: () => fetchMembership(id, sessionId),
    // A purchase's hold runs out: look again when the visitor comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
