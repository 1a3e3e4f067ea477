/**
 * Working hours, policies, time off and holidays (docs/product-rules.md#availability; issue 3).
 * All wall-clock values are the provider's, in the provider's time zone.
 */
import {
  DEFAULT_WORK_FROM,
  DEFAULT_WORK_TO,
  DEFAULT_REMINDER_HOURS,
  hhmm,
  minutesOfDay,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
  type Holiday,
  type Policies,
  type TimeOff,
  type WorkDay,
  type policiesInput,
  type timeOffInput,
  type workDaysInput,
} from '@slotted/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { ProviderAvailability } from '../../domain/scheduling/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { bumpProviderVersion, writeProviderData } from '../public-cache/index.ts';
import type { UserRow } from '../users/index.ts';
import {
  deleteTimeOff,
  insertTimeOff,
  replaceWorkDays,
  selectHolidayChoices,
  selectPolicy,
  selectTimeOffs,
  selectWorkDays,
  setHolidayCountry,
  updateTimeOff,
  upsertHolidayChoice,
  upsertPolicy,
  type PolicyRow,
  type TimeOffRow,
} from './availability.queries.ts';
import { holidayCountries, isHolidayCountry, publicHolidays } from './holidays.ts';

/**
 * Until a provider saves their week: Monday to Friday, 08:00–17:00
 * (docs/product-rules.md#availability).
 */
function defaultWeek(): WorkDay[] {
  return WEEKDAY_NAMES.map((name, i) => ({
    weekday: i + 1,
    name,
    abbreviation: abbreviationOf(i),
    available: i < 5,
    from: DEFAULT_WORK_FROM,
    to: DEFAULT_WORK_TO,
  }));
}

export const DEFAULT_POLICY = {
  minHoursBeforeBooking: 1,
  maxDaysBeforeBooking: 30,
  minHoursBeforeCancellation: 24,
  reminderHoursBefore: DEFAULT_REMINDER_HOURS,
  termsHtml: '',
};

function presentPolicy(
  row: Pick<
    PolicyRow,
    'minHoursBeforeBooking' | 'maxDaysBeforeBooking' | 'minHoursBeforeCancellation' | 'reminderHoursBefore' | 'termsHtml'
  >,
): Policies {
  return {
    min_hours_before_booking: row.minHoursBeforeBooking,
    max_days_before_booking: row.maxDaysBeforeBooking,
    min_hours_before_cancellation: row.minHoursBeforeCancellation,
    reminder_hours_before: row.reminderHoursBefore,
    terms_of_service: row.termsHtml,
  };
}

function presentTimeOff(row: TimeOffRow): TimeOff {
  // Stored as 'YYYY-MM-DD HH:MM:SS' wall clock.
  return {
    id: row.id,
    from_date: row.startsLocal.slice(0, 10),
    from_time: row.startsLocal.slice(11, 16),
    until_date: row.endsLocal.slice(0, 10),
    until_time: row.endsLocal.slice(11, 16),
    note: row.note,
  };
}

export interface AvailabilityDeps {
  db: Db;
  clock: Clock;
  /**
   * The booking notice changed, in the saving transaction: the waitlists close at the new time
   * (docs/product-rules.md#waitlist). Wired in app.ts (the waitlist module reads this one).
   */
  noticeChanged?(tx: Tx, providerId: string): Promise<void>;
}

export function availabilityService(deps: AvailabilityDeps) {
  const { db } = deps;

  /** One write of the provider's availability, with the version bump that makes every process see it. */
  const changePublicData = <T>(providerId: string, write: (tx: Tx) => Promise<T>) => writeProviderData(db, providerId, write);

  async function workWeek(providerId: string): Promise<WorkDay[]> {
    const rows = await selectWorkDays(db, providerId);
    if (rows.length === 0) return defaultWeek();
    const byDay = new Map(rows.map((r) => [r.weekday, r]));
    return defaultWeek().map((d) => {
      const r = byDay.get(d.weekday);
      return r ? { ...d, available: r.available, from: hhmm(r.fromMinute), to: hhmm(r.toMinute) } : { ...d, available: false };
    });
  }

  async function policy(providerId: string): Promise<Policies> {
    return presentPolicy((await selectPolicy(db, providerId)) ?? DEFAULT_POLICY);
  }

  /** Holidays of the provider's country for a year, with the provider's choice for each. */
  async function holidays(provider: UserRow, year: number): Promise<Holiday[]> {
    if (!provider.holidayCountry) return [];
    const choices = await selectHolidayChoices(db, provider.id);
    return (await publicHolidays(provider.holidayCountry, year)).map((h) => ({ ...h, available: choices.get(h.date) ?? false }));
  }

  return {
    workWeek,
    policy,

    async saveWorkWeek(providerId: string, input: z.output<typeof workDaysInput>): Promise<WorkDay[]> {
      await db.transaction(async (tx) => {
        await replaceWorkDays(
          tx,
          providerId,
          input.data.map((d) => ({
            weekday: d.weekday,
            available: d.available,
            fromMinute: minutesOfDay(d.from),
            toMinute: minutesOfDay(d.to),
          })),
        );
        await bumpProviderVersion(tx, providerId);
      });
      return workWeek(providerId);
    },

    async savePolicy(providerId: string, input: z.output<typeof policiesInput>): Promise<Policies> {
      const values = {
        providerId,
        minHoursBeforeBooking: input.min_hours_before_booking,
        maxDaysBeforeBooking: input.max_days_before_booking,
        minHoursBeforeCancellation: input.min_hours_before_cancellation,
        // Left out, the saved choice stays (the upsert leaves an undefined column as it is); the
        // reminder sweep reads the policy when it runs, so the change applies to reminders not yet sent.
        reminderHoursBefore: input.reminder_hours_before,
        termsHtml: sanitizeRichText(input.terms_of_service),
        updatedAt: deps.clock.now(),
      };
      const before = await policy(providerId);
      const saved = await changePublicData(providerId, async (tx) => {
        const row = await upsertPolicy(tx, values);
        if (before.min_hours_before_booking !== values.minHoursBeforeBooking) await deps.noticeChanged?.(tx, providerId);
        return row;
      });
      return presentPolicy(saved);
    },

    async timeOff(providerId: string): Promise<TimeOff[]> {
      return (await selectTimeOffs(db, providerId)).map(presentTimeOff);
    },

    async addTimeOff(providerId: string, input: z.output<typeof timeOffInput>): Promise<TimeOff> {
      const values = {
        providerId,
        startsLocal: `${input.from_date} ${input.from_time}:00`,
        endsLocal: `${input.until_date} ${input.until_time}:00`,
        note: input.note,
      };
      return presentTimeOff(await changePublicData(providerId, (tx) => insertTimeOff(tx, values)));
    },

    async changeTimeOff(providerId: string, id: number, input: z.output<typeof timeOffInput>): Promise<TimeOff> {
      const values = {
        startsLocal: `${input.from_date} ${input.from_time}:00`,
        endsLocal: `${input.until_date} ${input.until_time}:00`,
        note: input.note,
      };
      const row = await changePublicData(providerId, async (tx) => {
        const changed = await updateTimeOff(tx, id, providerId, values);
        if (!changed) throw new AppError('not_found', 'Time off not found.');
        return changed;
      });
      return presentTimeOff(row);
    },

    async removeTimeOff(providerId: string, id: number): Promise<void> {
      await changePublicData(providerId, async (tx) => {
        if (!(await deleteTimeOff(tx, id, providerId))) throw new AppError('not_found', 'Time off not found.');
      });
    },

    holidays,
    countries: holidayCountries,

    async setCountry(providerId: string, country: string | null): Promise<void> {
      if (country !== null && !(await isHolidayCountry(country))) throw validationError({ country: ['Choose a country from the list.'] });
      await changePublicData(providerId, (tx) => setHolidayCountry(tx, providerId, country));
    },

    async chooseHoliday(provider: UserRow, date: string, available: boolean): Promise<void> {
      const year = Number(date.slice(0, 4));
      if (!provider.holidayCountry || !(await publicHolidays(provider.holidayCountry, year)).some((h) => h.date === date)) {
        throw validationError({ date: ['That day is not a public holiday of your country.'] });
      }
      await changePublicData(provider.id, (tx) => upsertHolidayChoice(tx, provider.id, date, available));
    },

    /**
     * Everything the slot engine needs about when the provider works, for instants from `fromYear`
     * to `toYear` (holidays are per year).
     */
    async forSlotEngine(provider: UserRow, fromYear: number, toYear: number): Promise<ProviderAvailability> {
      const [week, offs] = await Promise.all([workWeek(provider.id), selectTimeOffs(db, provider.id)]);
      const closed: string[] = [];
      for (let y = fromYear; y <= toYear; y++) for (const h of await holidays(provider, y)) if (!h.available) closed.push(h.date);
      return {
        timeZone: provider.timezone,
        workingHours: week.map((d) => ({ weekday: d.weekday as 1, available: d.available, from: d.from, to: d.to })),
        timeOff: offs.map((t) => ({ from: t.startsLocal.slice(0, 16), until: t.endsLocal.slice(0, 16) })),
        holidays: closed,
      };
    },
  };
}

/** The abbreviation of the weekday WEEKDAY_NAMES lists at `index` (the lists run in step). */
function abbreviationOf(index: number): (typeof WEEKDAY_ABBREVIATIONS)[number] {
  const abbreviation = WEEKDAY_ABBREVIATIONS[index];
  if (abbreviation === undefined) throw new RangeError(`No weekday at ${index}`);
  return abbreviation;
}
