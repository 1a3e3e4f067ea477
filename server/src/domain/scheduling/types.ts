/**
 * Types of the slot engine (docs/product-rules.md#availability).
 *
 * Conventions: an instant is epoch milliseconds or an ISO 8601 string with `Z` or an offset
 * (`2026-11-23T09:00:00Z`). Wall-clock values are always read in a zone named beside them:
 * 'YYYY-MM-DD' dates, 'HH:MM' times and 'YYYY-MM-DDTHH:MM' date-times.
 */

/** Epoch milliseconds, or an ISO 8601 instant string that carries `Z` or a UTC offset. */
export type InstantInput = number | string;

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One row of the weekly working hours, wall-clock in the provider's zone. `from` < `to`, same day. */
export interface WorkDay {
  readonly weekday: IsoWeekday;
  readonly available: boolean;
  /** 'HH:MM' */
  readonly from: string;
  /** 'HH:MM', after `from` (at most 23:59). */
  readonly to: string;
}

/** A period off, wall-clock in the provider's zone, half-open [from, until). */
export interface TimeOff {
  /** 'YYYY-MM-DDTHH:MM' (a space instead of `T` and trailing ':SS' are accepted). */
  readonly from: string;
  /** 'YYYY-MM-DDTHH:MM', after `from`. */
  readonly until: string;
}

/** A half-open interval of time [start, end). */
export interface BusyInterval {
  readonly start: InstantInput;
  readonly end: InstantInput;
}

export interface ProviderAvailability {
  /** IANA zone of the provider; working hours, time off and holidays are read in it. */
  readonly timeZone: string;
  /** At most one row per weekday; a missing weekday is not worked. */
  readonly workingHours: readonly WorkDay[];
  readonly timeOff?: readonly TimeOff[];
  /** Provider-local dates 'YYYY-MM-DD' that are not worked (holidays the provider did not mark available). */
  readonly holidays?: readonly string[];
}

export interface ServiceInfo {
  readonly type: 'appointment' | 'class';
  /** Length of an appointment in minutes (a class occurrence carries its own start and end). */
  readonly durationMinutes: number;
  readonly capacity: number;
}

/**
 * Booking policy. `minNoticeMinutes` is the policy's `min_hours_before_booking` × 60;
 * `maxAdvanceDays` is `max_days_before_booking` (a day is 24 hours here).
 */
export interface BookingPolicy {
  readonly minNoticeMinutes: number;
  readonly maxAdvanceDays: number;
}

/** A materialised class occurrence (a row of `slots`). */
export interface ClassOccurrence {
  readonly id: string | number;
  readonly startsAt: InstantInput;
  readonly endsAt: InstantInput;
  readonly capacity: number;
  /** Active places: confirmed bookings and unexpired holds (docs/product-rules.md#holds). */
  readonly seatsTaken: number;
  /** The viewer holds an active place (held or confirmed) in it. */
  readonly bookedByViewer: boolean;
  readonly cancelled: boolean;
}

/** Everything the engine needs to list a service's slots for one viewer. */
export interface SlotQuery {
  readonly provider: ProviderAvailability;
  readonly service: ServiceInfo;
  /**
   * Minutes between candidate starts of an appointment; defaults to the service's duration
   * (docs/product-rules.md#availability).
   */
  readonly stepMinutes?: number;
  /**
   * The provider's busy time: active bookings (confirmed, or held and unexpired, of any service,
   * including the viewer's own) and class occurrences that are not cancelled.
   */
  readonly busy?: readonly BusyInterval[];
  /** The viewer's own active bookings of this appointment service (they show as `booked_by_you`). */
  readonly viewerBookings?: readonly BusyInterval[];
  /** Occurrences of this class service (ignored for appointments). */
  readonly classOccurrences?: readonly ClassOccurrence[];
  readonly policy: BookingPolicy;
  /** IANA zone of the viewer: days and `time`/`until` are the viewer's wall clock. */
  readonly viewerTimeZone: string;
  readonly now: InstantInput;
  /** Optional limit [from, to) on slot starts, on top of the policy's notice and advance window. */
  readonly window?: { readonly from: InstantInput; readonly to: InstantInput };
  /** At most this many slots (the earliest) are produced, so one answer's work and size stay bounded. */
  readonly limit?: number;
}

export type SlotStatus = 'available' | 'taken' | 'booked_by_you';

/**
 * A slot as instants, the engine's low-level result. `id` is null for appointment candidates
 * (their id is the UTC start) and the occurrence id for classes.
 */
export interface SlotInstant {
  readonly id: string | null;
  readonly startMs: number;
  readonly endMs: number;
  readonly status: SlotStatus;
}

/** A slot as listed for booking. Exactly one of available / booked_by_you / taken is true. */
export interface Slot {
  /** Appointments: the UTC start ('2026-11-23T09:00:00Z'); classes: the occurrence id. */
  readonly id: string;
  /** Viewer-local date 'YYYY-MM-DD'. */
  readonly date: string;
  /** Viewer-local start 'HH:MM'. */
  readonly time: string;
  /** Viewer-local end 'HH:MM'. */
  readonly until: string;
  /** 'YYYY-MM-DDTHH:MM:SSZ' */
  readonly starts_at: string;
  /** 'YYYY-MM-DDTHH:MM:SSZ' */
  readonly ends_at: string;
  readonly available: boolean;
  readonly booked_by_you: boolean;
  readonly taken: boolean;
}

export type WeekdayAbbreviation = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';
export type MonthAbbreviation = 'Jan' | 'Feb' | 'Mar' | 'Apr' | 'May' | 'Jun' | 'Jul' | 'Aug' | 'Sep' | 'Oct' | 'Nov' | 'Dec';

/** A day of slots: one viewer-local date. */
export interface DayOfSlots {
  readonly date: string;
  readonly weekday: WeekdayAbbreviation;
  /** Day of the month, 1–31. */
  readonly day: number;
  readonly month: MonthAbbreviation;
  readonly slots: Slot[];
}
