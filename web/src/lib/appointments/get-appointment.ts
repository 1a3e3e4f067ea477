import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentSchema, type Appointment } from '@slotted/contract';
import { apiData } from '../api-client.ts';
import { appointmentKeys } from '../query-keys.ts';

/**
 * GET /api/appointments/{id}: one's own booking, or one made with the signed-in provider.
 * `session_id` is the card payment provider's checkout session, passed on when coming back from it.
 */
export async function fetchAppointment(id: string, sessionId?: string | null): Promise<Appointment> {
  const data = await apiData<unknown>(`/api/appointments/${encodeURIComponent(id)}`, { query: { session_id: sessionId } });
  const parsed = appointmentSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Keep working with what the server sent, but make a contract drift visible to developers.
  console.error('GET /api/appointments/{id} does not match the contract', parsed.error.issues);
  return data as Appointment;
}

export const appointmentQueryOptions = (id: string, sessionId?: string | null) =>
  queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: () => fetchAppointment(id, sessionId),
    // A hold runs out and the booking may change elsewhere: look again when the visitor comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useAppointment(id: string, sessionId?: string | null) {
  return useQuery(appointmentQueryOptions(id, sessionId));
}
