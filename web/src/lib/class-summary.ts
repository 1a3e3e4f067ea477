import { hhmm, minutesOfDay, WEEKDAYS, type Weekday } from '@slotted/contract';
import { formatDayShort, formatTimeRange } from './format.ts';

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export function weekdayName(day: Weekday): string {
  return WEEKDAY_NAMES[day];
}

function civil(date: string): Date {
  // A missing part is not a number, and makes an invalid date.
  const [y = NaN, m = NaN, d = NaN] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The weekday ('mon'…'sun') of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): Weekday {
  const day = WEEKDAYS[(civil(date).getUTCDay() + 6) % 7];
  if (day === undefined) throw new Error(`Not a 'YYYY-MM-DD' date: ${date}`);
  return day;
}

/** Start plus duration as 'HH:MM', and whether it ends on a later day. */
export function endTime(start: string, durationMinutes: number): { time: string; nextDay: boolean } {
  const total = minutesOfDay(start) + Math.max(0, durationMinutes);
  return { time: hhmm(total % (24 * 60)), nextDay: total >= 24 * 60 };
}

/** 'Tue', 'Tue and Thu', 'Mon, Wed and Fri' — in week order. */
export function joinWeekdays(days: readonly Weekday[]): string {
  const labels = WEEKDAYS.filter((d) => days.includes(d)).map((d) => WEEKDAY_LABELS[d]);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** 'every week', 'every 2 weeks'. */
export function everyLabel(repeatEvery: string): string {
  const weeks = Number(repeatEvery.replace('w', ''));
  return weeks === 1 ? 'every week' : `every ${weeks} weeks`;
}

/**
 * The first date a timetable runs on: the start date, or the first chosen weekday after it in a
 * week that is "on" (weeks count from the Monday of the start's week, as the server does:
 * docs/product-rules.md#classes).
 */
export function firstOccurrence(startDate: string, repeatEvery: string | null, weekdays: readonly Weekday[]): string | null {
  if (!repeatEvery) return startDate;
  if (weekdays.length === 0) return null;
  const weeks = Number(repeatEvery.replace('w', ''));
  const start = civil(startDate);
  const mondayOffset = (start.getUTCDay() + 6) % 7;
  for (let i = 0; i < 7 * weeks + 7; i++) {
    const d = new Date(start.getTime() + i * 86_400_000);
    const date = isoDate(d);
    const weekIndex = Math.floor((i + mondayOffset) / 7);
    if (weekIndex % weeks === 0 && weekdays.includes(weekdayOf(date))) return date;
  }
  return null;
}

/**
 * The sentence under the Add a Class form (docs/product-rules.md#add-a-class): 'Yoga on Tue 24 Nov,
 * 09:00 – 10:00, every week on Tue and Thu.' Null when something is missing.
 */
export function classSummary(input: {
  serviceName: string;
  durationMinutes: number;
  date: string;
  time: string;
  repeatEvery: string | null;
  weekdays: readonly Weekday[];
}): string | null {
  if (!input.serviceName || !/^\d{4}-\d{2}-\d{2}$/.test(input.date) || !/^\d{2}:\d{2}$/.test(input.time)) return null;
  const first = firstOccurrence(input.date, input.repeatEvery, input.weekdays);
  if (!first) return null;
  const end = endTime(input.time, input.durationMinutes);
  let sentence = `${input.serviceName} on ${formatDayShort(first)}, ${formatTimeRange(input.time, end.time)}${end.nextDay ? ' (next day)' : ''}`;
  if (input.repeatEvery) sentence += `, ${everyLabel(input.repeatEvery)} on ${joinWeekdays(input.weekdays)}`;
  return `${sentence}.`;
}

/** 'Repeats every week on Tue and Thu' for a schedule slot's timetable. */
export function repeatsLabel(repeater: { weekdays: readonly string[]; repeat_every: string | null }): string {
  if (!repeater.repeat_every) return 'Does not repeat';
  const days = repeater.weekdays.filter((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d));
  const every = everyLabel(repeater.repeat_every);
  const label = `Repeats ${every}`;
  return days.length > 0 ? `${label} on ${joinWeekdays(days)}` : label;
}
