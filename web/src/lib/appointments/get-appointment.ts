import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentSchema, type Appointment, type appointmentQuery } from '@slotted/contract';
import type { z } from 'zod';
import { apiData } from '../api-client.ts';
import { appointmentKeys } from '../query-keys.ts';

export interface AppointmentRequest {
  /** The card payment provider's checkout session, passed on when coming back from it. */
  sessionId?: string | null;
  /** 'memberships' fills service.memberships with the client's memberships that can pay for it. */
  include?: z.infer<typeof appointmentQuery>['include'];
}

/** GET /api/appointments/{id}: one's own booking, or one made with the signed-in provider. */
export async function fetchAppointment(id: string, { sessionId, include }: AppointmentRequest = {}): Promise<Appointment> {
  const data = await apiData<unknown>(`/api/appointments/${encodeURIComponent(id)}`, { query: { session_id: sessionId, include } });
  const parsed = appointmentSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Keep working with what the server sent, but make a contract drift visible to developers.
  console.error('GET /api/appointments/{id} does not match the contract', parsed.error.issues);
  return data as Appointment;
}

/**
 * One key per booking, whatever was included: every answer about it (confirm, cancel) replaces the
 * cached one, and the checkout, which needs the memberships, fetches again whenever it is shown.
 */
export const appointmentQueryOptions = (id: string, request: AppointmentRequest = {}) =>
  queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: () => fetchAppointment(id, request),
    // A hold runs out and the booking may change elsewhere: look again when the visitor comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useAppointment(id: string, request: AppointmentRequest = {}) {
  return useQuery(appointmentQueryOptions(id, request));
}
