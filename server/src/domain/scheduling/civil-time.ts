/**
 * Zone-free calendar arithmetic on integers: proleptic Gregorian dates as day numbers
 * (days since 1970-01-01), wall-clock times as minutes, strict parsing of the engine's
 * string inputs and fast formatting of its outputs. No time zone is involved here; offsets
 * come from `zoned-time.ts`.
 */
import type { InstantInput, IsoWeekday, MonthAbbreviation, WeekdayAbbreviation } from './types.ts';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Day number (days since 1970-01-01) of a proleptic Gregorian date (H. Hinnant's algorithm). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The date of a day number (inverse of `daysFromCivil`). */
export function civilFromDays(dayNumber: number): CivilDate {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday of a day number; 1970-01-01 was a Thursday. */
export function isoWeekdayOfDay(dayNumber: number): IsoWeekday {
  return (((((dayNumber + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

const WEEKDAY_ABBREVIATIONS: Readonly<Record<IsoWeekday, WeekdayAbbreviation>> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};
const MONTH_ABBREVIATIONS: readonly MonthAbbreviation[] = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** 'Mon'…'Sun' of a day number. */
export function weekdayAbbreviationOfDay(dayNumber: number): WeekdayAbbreviation {
  return WEEKDAY_ABBREVIATIONS[isoWeekdayOfDay(dayNumber)];
}

/** 'Jan'…'Dec' of a month (1–12), as civilFromDays gives it. */
export function monthAbbreviation(month: number): MonthAbbreviation {
  const name = MONTH_ABBREVIATIONS[month - 1];
  if (name === undefined) throw new RangeError(`Month out of range: ${month}`);
  return name;
}

function daysInMonth(year: number, month: number): number {
  return daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;
const LOCAL_DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

function checkedDay(year: number, month: number, day: number, text: string): number {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Invalid date: ${JSON.stringify(text)}`);
  }
  return daysFromCivil(year, month, day);
}

/** 'YYYY-MM-DD' → day number. */
export function parseDate(text: string): number {
  const m = DATE_RE.exec(text);
  if (!m) throw new RangeError(`Invalid date (expected YYYY-MM-DD): ${JSON.stringify(text)}`);
  return checkedDay(Number(m[1]), Number(m[2]), Number(m[3]), text);
}

/** 'HH:MM' (00:00–23:59) → minutes after midnight. */
export function parseTime(text: string): number {
  const m = TIME_RE.exec(text);
  const hours = m ? Number(m[1]) : NaN;
  const minutes = m ? Number(m[2]) : NaN;
  if (!(hours <= 23 && minutes <= 59)) throw new RangeError(`Invalid time (expected HH:MM): ${JSON.stringify(text)}`);
  return hours * 60 + minutes;
}

/**
 * 'YYYY-MM-DDTHH:MM[:SS]' → "wall milliseconds": the wall-clock reading counted as if it were
 * UTC. Subtracting the zone's offset from it gives the instant.
 */
export function parseLocalDateTime(text: string): number {
  const m = LOCAL_DATE_TIME_RE.exec(text);
  if (!m) throw new RangeError(`Invalid local date-time (expected YYYY-MM-DDTHH:MM): ${JSON.stringify(text)}`);
  const hours = Number(m[4]);
  const minutes = Number(m[5]);
  const seconds = m[6] === undefined ? 0 : Number(m[6]);
  if (hours > 23 || minutes > 59 || seconds > 59) throw new RangeError(`Invalid local date-time: ${JSON.stringify(text)}`);
  const day = checkedDay(Number(m[1]), Number(m[2]), Number(m[3]), text);
  return day * DAY_MS + (hours * 3600 + minutes * 60 + seconds) * 1000;
}

/** Value of the digits text[from..to), or NaN when one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * The common UTC form 'YYYY-MM-DDTHH:MM:SSZ' or 'YYYY-MM-DDTHH:MM:SS.sssZ' read by hand
 * (several times faster than a regular expression plus Date.parse); NaN for anything else.
 */
function parseCanonicalUtc(text: string): number {
  const len = text.length;
  if (len !== 20 && len !== 24) return NaN;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':' || text[len - 1] !== 'Z') return NaN;
  if (len === 24 && text[19] !== '.') return NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hours = digits(text, 11, 13);
  const minutes = digits(text, 14, 16);
  const seconds = digits(text, 17, 19);
  const millis = len === 24 ? digits(text, 20, 23) : 0;
  if (!(
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hours <= 23 &&
    minutes <= 59 &&
    seconds <= 59 &&
    millis >= 0
  )) {
    return NaN;
  }
  return daysFromCivil(year, month, day) * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

/** Epoch milliseconds of an instant given as a number or an ISO 8601 string with `Z` or an offset. */
export function parseInstant(value: InstantInput): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Invalid instant: ${value}`);
    return value;
  }
  const canonical = parseCanonicalUtc(value);
  if (!Number.isNaN(canonical)) return canonical;
  // Other forms (offsets, fractions, no seconds): checked field by field, since Date.parse rolls
  // impossible dates like 02-30 over into the next month instead of refusing them.
  const m = INSTANT_RE.exec(value);
  const valid =
    m !== null &&
    Number(m[2]) >= 1 &&
    Number(m[2]) <= 12 &&
    Number(m[3]) >= 1 &&
    Number(m[3]) <= daysInMonth(Number(m[1]), Number(m[2])) &&
    Number(m[4]) <= 23 &&
    Number(m[5]) <= 59 &&
    Number(m[6] ?? 0) <= 59 &&
    Number(m[7] ?? 0) <= 23 &&
    Number(m[8] ?? 0) <= 59;
  const ms = valid ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant (expected ISO 8601 with Z or an offset): ${JSON.stringify(value)}`);
  return ms;
}

const TWO_DIGITS: readonly string[] = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** 'HH:MM' for every minute of the day, built once. */
const HH_MM: readonly string[] = Array.from({ length: 1440 }, (_, i) => `${TWO_DIGITS[Math.floor(i / 60)]}:${TWO_DIGITS[i % 60]}`);

/** 'HH:MM' of a minute of the day (0–1439). */
export function formatMinuteOfDay(minuteOfDay: number): string {
  const text = HH_MM[minuteOfDay];
  if (text === undefined) throw new RangeError(`Minute of the day out of range: ${minuteOfDay}`);
  return text;
}

/** 'YYYY-MM-DD' of a day number (years 0000–9999). */
export function formatDate(dayNumber: number): string {
  const { year, month, day } = civilFromDays(dayNumber);
  if (year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return `${String(year).padStart(4, '0')}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
}

/** 'HH:MM' of wall milliseconds (a whole-minute floor of the time of day). */
export function formatWallTime(wallMs: number): string {
  // The time of day is in [0, DAY_MS), so its minute is one of HH_MM's.
  return formatMinuteOfDay(Math.floor((wallMs - Math.floor(wallMs / DAY_MS) * DAY_MS) / MINUTE_MS));
}

/**
 * Formats instants as 'YYYY-MM-DDTHH:MM:SSZ' (sub-second parts are dropped). It remembers the
 * last day's date string, since the engine formats many instants of the same day in a row.
 */
export class UtcFormatter {
  private lastDay = NaN;
  private lastDate = '';

  format(ms: number): string {
    const dayNumber = Math.floor(ms / DAY_MS);
    if (dayNumber !== this.lastDay) {
      this.lastDay = dayNumber;
      this.lastDate = formatDate(dayNumber);
    }
    const secondOfDay = Math.floor((ms - dayNumber * DAY_MS) / 1000);
    return `${this.lastDate}T${HH_MM[Math.floor(secondOfDay / 60)]}:${TWO_DIGITS[secondOfDay % 60]}Z`;
  }
}
