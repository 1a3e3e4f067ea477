import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ServiceSlotsResponse } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { serviceSlotKeys } from '../../../lib/query-keys.ts';

export type SlotDay = ServiceSlotsResponse['data'][number];
export type BookableSlot = SlotDay['slots'][number];

/**
 * GET /api/services/{id}/slots?timezone=…&from=… (login optional): one window of days (at most 31)
 * of a service in the viewer's zone (docs/product-rules.md#time-and-time-zones), with the service,
 * the provider's advance-booking window and where the next window starts (`meta.next_from`).
 * Without `from` the server starts today in `timezone`.
 */
export async function fetchServiceSlots(serviceId: string, timezone: string, from: string | null = null): Promise<ServiceSlotsResponse> {
  const { body } = await apiRequest('serviceSlots', { params: { id: serviceId }, query: from ? { timezone, from } : { timezone } });
  return { data: body.data.filter((day) => day.slots.length > 0), meta: body.meta };
}

/** The windows loaded so far as one answer: their days in order, the first window's meta. */
export interface LoadedSlots {
  data: SlotDay[];
  meta: ServiceSlotsResponse['meta'];
  /** The first date not loaded yet (where the next window starts), or null when every bookable day is loaded. */
  loadedUntil: string | null;
}

export const serviceSlotsQueryOptions = (serviceId: string, timezone: string) =>
  infiniteQueryOptions({
    queryKey: [...serviceSlotKeys.service(serviceId), timezone],
    queryFn: ({ pageParam }) => fetchServiceSlots(serviceId, timezone, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_from ?? undefined,
    select: (loaded): LoadedSlots => ({
      data: loaded.pages.flatMap((page) => page.data),
      meta: loaded.pages[0]!.meta,
      loadedUntil: loaded.pages.at(-1)!.meta.next_from ?? null,
    }),
    // Free times change as others book: look again when the visitor comes back to the tab.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });

/** The service's free times, a window at a time: `fetchNextPage` loads the next weeks. */
export function useServiceSlots(serviceId: string, timezone: string) {
  return useInfiniteQuery(serviceSlotsQueryOptions(serviceId, timezone));
}
