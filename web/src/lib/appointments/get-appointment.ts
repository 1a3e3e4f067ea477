import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment, appointmentQuery } from '@slotted/contract';
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
  return apiData('appointment', { params: { id }, query: { session_id: sessionId ?? undefined, include } });
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
