import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';

export type ServiceAppointmentsSubset = 'future' | 'past';

/** GET /api/appointments?service_id=…&subset=…: the signed-in client's bookings of one service. */
export async function fetchServiceAppointments(serviceId: number, subset: ServiceAppointmentsSubset): Promise<Appointment[]> {
  return apiData('listAppointments', { query: { service_id: serviceId, subset } });
}

export function useServiceAppointments(serviceId: number, subset: ServiceAppointmentsSubset, { enabled = true } = {}) {
  return useQuery({
    queryKey: appointmentKeys.ofService({ service_id: serviceId, subset }),
    queryFn: () => fetchServiceAppointments(serviceId, subset),
    enabled,
  });
}
