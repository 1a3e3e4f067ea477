import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';

/**
 * 'future': starts later (cancelled ones included: docs/product-rules.md#schedule); 'past': started
 * already.
 */
export type ClientAppointmentsSubset = 'future' | 'past';

/** GET /api/appointments?client_id=…&subset=… (providers): one client's bookings with them. */
export async function fetchClientAppointments(clientId: string, subset: ClientAppointmentsSubset): Promise<Appointment[]> {
  return apiData('listAppointments', { query: { client_id: clientId, subset } });
}

export const clientAppointmentsQueryOptions = (clientId: string, subset: ClientAppointmentsSubset) =>
  queryOptions({
    queryKey: appointmentKeys.list({ client_id: clientId, subset }),
    queryFn: () => fetchClientAppointments(clientId, subset),
  });

export function useClientAppointments(clientId: string, subset: ClientAppointmentsSubset, { enabled = true } = {}) {
  return useQuery({ ...clientAppointmentsQueryOptions(clientId, subset), enabled });
}
