import type { ScheduleSubset, ServiceType } from '@slotted/contract';

/*
 * The query cache's keys, one factory per resource. They live together because a change in one
 * feature refreshes other features' data (a booking frees time on choose-time pages, and so on).
 */
/** Query keys of bookings: every key starts with `all`, so lists and single bookings can be refreshed together. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  detail: (id: string) => [...appointmentKeys.all, 'detail', id] as const,
  /** Lists of bookings (e.g. a client's, in the client panel). */
  lists: () => [...appointmentKeys.all, 'list'] as const,
  list: (filters: { client_id: string; subset: string }) => [...appointmentKeys.lists(), filters] as const,
  /** The signed-in client's bookings of one service (My passes → Services). */
  ofService: (filters: { service_id: number; subset: string }) => [...appointmentKeys.lists(), filters] as const,
};

/** Query keys of the signed-in user. */
export const meKeys = {
  all: ['me'] as const,
};

/** Query keys of the provider's availability settings. */
/** The provider's CalDAV connections (Settings → Calendar). */
export const calendarConnectionKeys = {
  all: ['calendar-connections'] as const,
};

export const availabilityKeys = {
  workDays: ['work-days'] as const,
  timeOff: ['time-off'] as const,
  policies: ['policies'] as const,
  holidays: ['holidays'] as const,
  holidaysOf: (year: number) => [...availabilityKeys.holidays, year] as const,
};

/** Query keys of a service's free times: invalidating `all` refreshes every choose-time page after a booking change. */
export const serviceSlotKeys = {
  all: ['service-slots'] as const,
  service: (serviceId: string) => [...serviceSlotKeys.all, serviceId] as const,
};

/** Query keys of the provider's clients (their bookings are under `appointmentKeys.lists()`). */
export const clientKeys = {
  all: ['clients'] as const,
};

/** Query keys of the installation's config. */
export const configKeys = {
  all: ['config'] as const,
};

/** Query keys of public profiles (usernames are case-insensitive). */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (username: string) => [...profileKeys.all, username.toLowerCase()] as const,
};

/** Query keys of the signed-in user's schedule. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  subset: (subset: ScheduleSubset) => [...scheduleKeys.all, subset] as const,
};

/** Query keys of waitlists: the client's entries, and one class occurrence's line (providers). */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  mine: () => [...waitlistKeys.all, 'mine'] as const,
  slot: (slotId: string) => [...waitlistKeys.all, 'slot', slotId] as const,
};

/** Query keys of the provider's catalog: invalidating `all` refreshes every list of services. */
export const serviceKeys = {
  all: ['services'] as const,
  /** The list of one type of services, or of every service ('all'). */
  list: (type: ServiceType | 'all') => [...serviceKeys.all, type] as const,
};

/** Query keys of the provider's Insights page. */
export const insightsKeys = {
  all: ['insights'] as const,
};

/** Query keys of the provider's plans. */
export const planKeys = {
  all: ['plans'] as const,
};

/** Query keys of memberships: every key starts with `all`, so a purchase, a cancellation or a credit used refreshes them together. */
export const membershipKeys = {
  all: ['memberships'] as const,
  /** The signed-in client's own (My passes → Memberships). */
  mine: () => [...membershipKeys.all, 'mine'] as const,
  /** A provider's view of one client's (the client panel). */
  lists: () => [...membershipKeys.all, 'list'] as const,
  list: (filters: { client_id?: string; include?: 'services' }) => [...membershipKeys.lists(), filters] as const,
  detail: (id: string) => [...membershipKeys.all, 'detail', id] as const,
};

/** Query keys of what the signed-in client can book without paying now (My passes → Services). */
export const purchaseKeys = {
  all: ['purchases'] as const,
  services: () => [...purchaseKeys.all, 'services'] as const,
};

/** Query keys of the signed-in person's calendar feed address. */
export const calendarFeedKeys = {
  all: ['calendar-feed'] as const,
};
