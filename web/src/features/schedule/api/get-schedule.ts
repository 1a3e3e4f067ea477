import { queryOptions, useQuery } from '@tanstack/react-query';
import { SCHEDULE_SUBSETS, type ScheduleDay, type ScheduleSubset } from '@slotted/contract';
import { apiData, isApiError } from '../../../lib/api-client.ts';

export function isScheduleSubset(value: string): value is ScheduleSubset {
  return (SCHEDULE_SUBSETS as readonly string[]).includes(value);
}

/** GET /api/schedule?subset=…; a server without the endpoint yet (404) counts as an empty schedule. */
export async function fetchSchedule(subset: ScheduleSubset): Promise<ScheduleDay[]> {
  try {
    const days = await apiData<ScheduleDay[] | null>('/api/schedule', { query: { subset } });
    return Array.isArray(days) ? days.filter((day) => Array.isArray(day.slots) && day.slots.length > 0) : [];
  } catch (error) {
    if (isApiError(error, 404)) return [];
    throw error;
  }
}

export const scheduleQueryOptions = (subset: ScheduleSubset) =>
  queryOptions({ queryKey: ['schedule', subset], queryFn: () => fetchSchedule(subset) });

export function useSchedule(subset: ScheduleSubset) {
  return useQuery(scheduleQueryOptions(subset));
}
