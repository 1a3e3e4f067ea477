import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, isApiError } from '../../../lib/api-client.ts';

export const SCHEDULE_SUBSETS = ['future', 'past', 'cancelled'] as const;
export type ScheduleSubset = (typeof SCHEDULE_SUBSETS)[number];

export function isScheduleSubset(value: string): value is ScheduleSubset {
  return (SCHEDULE_SUBSETS as readonly string[]).includes(value);
}

/** Spec §3 "Slot" (only what the list shows; the full card comes with the schedule issue). */
export interface ScheduleSlot {
  id: string | number;
  date?: string;
  time?: string;
  until?: string;
  in_the_past?: boolean;
  cancelled_at?: string | null;
  service?: { id?: string | number; name?: string; type?: 'appointment' | 'class'; location?: string | null; capacity?: number | null };
  appointments?: unknown[];
}

/** Spec §3 "Day of slots". */
export interface DayOfSlots {
  date: string;
  weekday?: string;
  day?: number | string;
  month?: string;
  slots: ScheduleSlot[];
}

/** GET /api/schedule?subset=…; a server without the endpoint yet (404) counts as an empty schedule. */
export async function fetchSchedule(subset: ScheduleSubset): Promise<DayOfSlots[]> {
  try {
    const days = await apiData<DayOfSlots[] | null>('/api/schedule', { query: { subset } });
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
