import type { ScheduleSubset } from '@slotted/contract';

/** Query keys of the signed-in user's schedule. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  subset: (subset: ScheduleSubset) => [...scheduleKeys.all, subset] as const,
};
