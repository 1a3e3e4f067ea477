import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { appointmentKeys, membershipKeys } from '../../../lib/query-keys.ts';

/**
 * A provider records an in-person payment as received (docs/product-rules.md#payments): the
 * booking's, or the current period's of a membership. The answer replaces the record wherever it
 * is cached (lists and the record itself), which are then refreshed (a 409 means it was already
 * paid).
 */
function useMarkPaid<T extends { id: string }>(markPaid: (id: string) => Promise<T>, cached: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaid,
    onSuccess: (saved) =>
      queryClient.setQueriesData<T[] | T>({ queryKey: cached }, (data) =>
        Array.isArray(data) ? data.map((r) => (r.id === saved.id ? saved : r)) : data?.id === saved.id ? saved : data,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cached }),
  });
}

/** POST /api/appointments/{id}/mark-paid: a confirmed in-person booking is paid. */
export function useMarkAppointmentPaid() {
  return useMarkPaid<Appointment>((id) => apiData('markAppointmentPaid', { params: { id } }), appointmentKeys.all);
}

/** POST /api/memberships/{id}/mark-paid: the membership's current period is paid. */
export function useMarkMembershipPaid() {
  return useMarkPaid<Membership>((id) => apiData('markMembershipPaid', { params: { id } }), membershipKeys.all);
}
