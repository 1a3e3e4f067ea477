import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/**
 * Body of POST /api/appointments (docs/product-rules.md#time-and-time-zones): a class books its
 * occurrence (slot_id), an appointment its start instant (starts_at). date and time are the
 * viewer's wall clock, for reference.
 */
export interface CreateAppointmentInput {
  service_id: number;
  slot_id?: number | string;
  starts_at?: string;
  date: string;
  time: string;
}

/**
 * Creates a booking held for a few minutes (docs/product-rules.md#holds); answers with its id for
 * the confirmation page.
 */
export async function createAppointment(input: CreateAppointmentInput): Promise<{ id: string | number }> {
  return apiData('createAppointment', { json: input });
}

export function useCreateAppointment() {
  return useMutation({ mutationFn: createAppointment });
}
