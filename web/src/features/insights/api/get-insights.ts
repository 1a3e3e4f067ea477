import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Insights } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { insightsKeys } from '../../../lib/query-keys.ts';

/** GET /api/insights (providers): bookings, class fill, clients and sales on the provider's calendar. */
export function fetchInsights(): Promise<Insights> {
  return apiData('insights');
}

export const insightsQueryOptions = queryOptions({ queryKey: insightsKeys.all, queryFn: fetchInsights });

export function useInsights() {
  return useQuery(insightsQueryOptions);
}
