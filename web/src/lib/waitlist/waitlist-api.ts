/**
 * The waitlist of full classes (docs/product-rules.md#waitlist): shared by Choose time (join,
 * position), My schedule (the client's entries, leave) and the provider's class panel (the line).
 * Routes are called by name, typed by the contract (lib/api-client.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistPlace } from '@slotted/contract';
import { apiData, apiRequest } from '../api-client.ts';
import { serviceSlotKeys, waitlistKeys } from '../query-keys.ts';

/** POST /api/slots/{id}/waitlist */
export function joinWaitlist({ slotId, autoBook }: { slotId: string; autoBook: boolean }): Promise<WaitlistPlace> {
  return apiData('joinWaitlist', { params: { id: Number(slotId) }, json: { auto_book: autoBook ? 1 : 0 } });
}

/** DELETE /api/slots/{id}/waitlist */
export async function leaveWaitlist(slotId: string): Promise<void> {
  await apiRequest('leaveWaitlist', { params: { id: Number(slotId) } });
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
    queryFn: () => apiData('myWaitlist'),
    enabled,
  });
}

/** GET /api/slots/{id}/waitlist (the provider's own occurrences): the line in order. */
export function useSlotWaitlist(slotId: string, enabled = true) {
  return useQuery({
    queryKey: waitlistKeys.slot(slotId),
    queryFn: () => apiData('slotWaitlist', { params: { id: Number(slotId) } }),
    enabled,
  });
}
