import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceSlotsResponse } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export type SlotDay = ServiceSlotsResponse['data'][number];
export type BookableSlot = SlotDay['slots'][number];

/**
 * GET /api/services/{id}/slots?timezone=… (login optional): the days and times of a service in the
 * viewer's zone (DESIGN.md D1), with the service and the provider's advance-booking window.
 */
export async function fetchServiceSlots(serviceId: string, timezone: string): Promise<ServiceSlotsResponse> {
  const { body } = await apiRequest<ServiceSlotsResponse>(`/api/services/${encodeURIComponent(serviceId)}/slots`, {
    query: { timezone },
  });
  const days = Array.isArray(body?.data) ? body.data.filter((day) => Array.isArray(day.slots) && day.slots.length > 0) : [];
  return { data: days, meta: body.meta };
}

export const serviceSlotsQueryKey = (serviceId: string) => ['service-slots', serviceId] as const;

export const serviceSlotsQueryOptions = (serviceId: string, timezone: string) =>
  queryOptions({
    queryKey: [...serviceSlotsQueryKey(serviceId), timezone],
    queryFn: () => fetchServiceSlots(serviceId, timezone),
    // Free times change as others book: look again when the visitor comes back to the tab.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });

export function useServiceSlots(serviceId: string, timezone: string) {
  return useQuery(serviceSlotsQueryOptions(serviceId, timezone));
}
