/**
 * Helpers for the slot engine's tests (not part of the engine's API). Builds queries with
 * plain defaults so each test states only what it is about.
 */
import { Temporal } from 'temporal-polyfill';
import { getSlotDays } from './index.ts';
import type { DayOfSlots, IsoWeekday, SlotQuery, WorkDay } from './types.ts';

export type QueryOverrides = Omit<Partial<SlotQuery>, 'provider' | 'service' | 'policy'> & {
  provider?: Partial<SlotQuery['provider']>;
  service?: Partial<SlotQuery['service']>;
  policy?: Partial<SlotQuery['policy']>;
};

/** The same hours on the given weekdays (every day by default). */
export function hours(from: string, to: string, weekdays: readonly number[] = [1, 2, 3, 4, 5, 6, 7]): WorkDay[] {
  return weekdays.map((weekday) => ({ weekday: weekday as IsoWeekday, available: true, from, to }));
}

/** An appointment query for provider and viewer in `timeZone`; no notice, no advance limit, no window. */
export function query(timeZone: string, overrides: QueryOverrides = {}): SlotQuery {
  const { provider, service, policy, ...rest } = overrides;
  return {
    provider: { timeZone, workingHours: hours('08:00', '17:00'), ...provider },
    service: { type: 'appointment', durationMinutes: 60, capacity: 1, ...service },
    policy: { minNoticeMinutes: 0, maxAdvanceDays: 3650, ...policy },
    viewerTimeZone: timeZone,
    now: '2020-01-01T00:00:00Z',
    ...rest,
  };
}

/**
 * The slots of one provider-local date: the provider works only on that date's weekday (from
 * `from` to `to`) and the window spans the UTC days around it, so no other day can show.
 */
export function oneDayQuery(timeZone: string, date: string, from: string, to: string, overrides: QueryOverrides = {}): SlotQuery {
  const plain = Temporal.PlainDate.from(date);
  const base = query(timeZone, overrides);
  return {
    ...base,
    provider: { ...base.provider, workingHours: hours(from, to, [plain.dayOfWeek]) },
    window: overrides.window ?? {
      from: `${plain.subtract({ days: 1 }).toString()}T00:00:00Z`,
      to: `${plain.add({ days: 2 }).toString()}T00:00:00Z`,
    },
  };
}

/** Every slot as 'starts_at time-until status', status one of available / taken / mine. */
export function describeSlots(days: readonly DayOfSlots[]): string[] {
  return days.flatMap((d) =>
    d.slots.map((s) => `${s.starts_at} ${s.time}-${s.until} ${s.available ? 'available' : s.taken ? 'taken' : 'mine'}`),
  );
}

/** Every slot's start instant. */
export function starts(q: SlotQuery): string[] {
  return getSlotDays(q).flatMap((d) => d.slots.map((s) => s.starts_at));
}
