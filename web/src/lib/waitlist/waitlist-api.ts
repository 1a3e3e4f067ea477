/**
 * The waitlist of full classes (docs/product-rules.md#waitlist): shared by Choose time (join,
 * position), My schedule (the client's entries, leave) and the provider's class panel (the line).
 * Path-style calls: api-client.ts has no call-by-route-name yet on this branch.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlotWaitlistEntry, WaitlistEntry, WaitlistPlace } from '@slotted/contract';
import { apiData, apiRequest } from '../api-client.ts';
import { serviceSlotKeys, waitlistKeys } from '../query-keys.ts';

/** POST /api/slots/{id}/waitlist */
export function joinWaitlist({ slotId, autoBook }: { slotId: string; autoBook: boolean }): Promise<WaitlistPlace> {
  return apiData<WaitlistPlace>(`/api/slots/${encodeURIComponent(slotId)}/waitlist`, {
    method: 'POST',
    json: { auto_book: autoBook ? 1 : 0 },
  });
}

/** DELETE /api/slots/{id}/waitlist */
export async function leaveWaitlist(slotId: string): Promise<void> {
  await apiRequest(`/api/slots/${encodeURIComponent(slotId)}/waitlist`, { method: 'DELETE' });
}

/** Joining or leaving changes the client's entries and the positions Choose time shows. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
      queryClient.invalidateQueries({ queryKey: serviceSlotKeys.all }),
    ]);
}

export function useJoinWaitlist() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: joinWaitlist, onSettled: refresh });
}

export function useLeaveWaitlist() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: leaveWaitlist, onSettled: refresh });
}

/** GET /api/waitlist: the signed-in client's entries with their positions. */
export function useMyWaitlist(enabled = true) {
  return useQuery({
    queryKey: waitlistKeys.mine(),
    queryFn: () => apiData<WaitlistEntry[]>('/api/waitlist'),
    enabled,
  });
}

/** GET /api/slots/{id}/waitlist (the provider's own occurrences): the line in order. */
export function useSlotWaitlist(slotId: string, enabled = true) {
  return useQuery({
    queryKey: waitlistKeys.slot(slotId),
    queryFn: () => apiData<SlotWaitlistEntry[]>(`/api/slots/${encodeURIComponent(slotId)}/waitlist`),
    enabled,
  });
}
