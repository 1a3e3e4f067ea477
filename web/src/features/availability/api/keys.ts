/** Query keys of the provider's availability settings. */
export const availabilityKeys = {
  workDays: ['work-days'] as const,
  timeOff: ['time-off'] as const,
  policies: ['policies'] as const,
  holidays: ['holidays'] as const,
  holidaysOf: (year: number) => [...availabilityKeys.holidays, year] as const,
};
