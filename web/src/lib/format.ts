/**
 * How the web app writes dates, times, durations, prices and time zones: the one place for it
 * (docs/product-rules.md#how-things-read). British English, as the server's `pretty_date` and the
 * e-mails write dates: 'Thursday, 26 November 2026', '26 Nov', '1 h 15 min', '€45.00',
 * 'New York time'.
 */
import { currentZoneName } from './time-zones.ts';

/** '€' plus two decimals; '-' if the value is not a number. */
export function formatMoney(value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') value = Number(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  return `€${value.toFixed(2)}`;
}

const LOCALE = 'en-GB';

/** The browser's IANA time zone (e.g. 'Europe/Madrid'), under its current name. */
export function browserTimeZone(): string {
  try {
    return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return 'UTC';
  }
}

/** Today's calendar date ('YYYY-MM-DD') in a time zone. */
export function todayIn(timeZone: string = browserTimeZone(), now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

/** Day of the month (1–31) today in a time zone. */
export function dayOfMonthIn(timeZone?: string, now: Date = new Date()): number {
  return Number(todayIn(timeZone, now).slice(8, 10));
}

/** A 'YYYY-MM-DD' date as a Date at noon UTC, so formatting it in UTC never shifts the day. */
function civil(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/** Adds days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = civil(date);
  if (!d) return date;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'Monday, 23 November 2026'. */
export function formatLongDate(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** '23 Nov'. */
export function formatShortDate(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', month: 'short', day: 'numeric' });
}

/** 'Monday'. */
export function formatWeekday(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', weekday: 'long' });
}

/**
 * A schedule day heading, one format for every day: 'Today · Thursday 26 November', 'Tomorrow ·
 * Friday 27 November', 'Saturday · 28 November'; the year only outside today's year
 * (docs/product-rules.md#schedule). The page writes `title`, a middle dot, then `subtitle`.
 */
export function dayHeading(date: string, today: string): { title: string; subtitle: string } {
  const d = civil(date);
  if (!d) return { title: date, subtitle: '' };
  const year = d.getUTCFullYear() !== Number(today.slice(0, 4)) ? { year: 'numeric' as const } : {};
  const dayMonth = (weekday: boolean) =>
    d
      .toLocaleDateString(LOCALE, {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'long',
        ...year,
        ...(weekday ? { weekday: 'long' as const } : {}),
      })
      .replace(',', '');
  if (date === today) return { title: 'Today', subtitle: dayMonth(true) };
  if (date === addDays(today, 1)) return { title: 'Tomorrow', subtitle: dayMonth(true) };
  return { title: formatWeekday(date), subtitle: dayMonth(false) };
}

/** 'HH:MM' from 'HH:MM' or 'HH:MM:SS'. */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '';
  const [, hours, minutes] = /^(\d{1,2}):(\d{2})/.exec(time) ?? [];
  return hours !== undefined && minutes !== undefined ? `${hours.padStart(2, '0')}:${minutes}` : time;
}

/** A time range, the one way every page writes it: '07:30 – 08:15' (en dash with spaces); the start alone without an end. */
export function formatTimeRange(from: string | null | undefined, to: string | null | undefined): string {
  const start = formatTime(from);
  const end = formatTime(to);
  return start && end ? `${start} – ${end}` : start || end;
}

/** '15 Dec 2026'. */
export function formatMediumDate(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Tue 24 Nov'; with the year ('Tue, 24 Nov 2027') when it is not `currentYear`. */
export function formatDayShort(date: string, currentYear?: number): string {
  const d = civil(date);
  if (!d) return date;
  const year = currentYear !== undefined && d.getUTCFullYear() !== currentYear ? { year: 'numeric' as const } : {};
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', ...year });
}

/** 'Nov 2026' for '2026-11'. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)).toLocaleDateString(LOCALE, {
    timeZone: 'UTC',
    month: 'short',
    year: 'numeric',
  });
}

/** The calendar day of an instant where the viewer is ('20 Nov 2026'); the text itself if it is no instant. */
export function formatInstantDate(instant: string): string {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? instant : new Date(time).toLocaleDateString(LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** '45 min', '1 h', '1 h 15 min' (never '75 min'). */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * A zone as people say it: 'New York time' for 'America/New_York', 'Madrid time'; 'UTC' as is.
 * From the zone's own city, so it reads the same in every browser (Intl's generic names are
 * regions, 'Eastern Time', and vary with the browser's data).
 */
export function zoneName(timeZone: string): string {
  if (!timeZone.includes('/')) return timeZone;
  if (timeZone.startsWith('Etc/')) return timeZone.slice(4);
  return `${timeZone.slice(timeZone.lastIndexOf('/') + 1).replaceAll('_', ' ')} time`;
}

/**
 * The zone of a time shown in `timeZone`: 'New York time', and, when the device is elsewhere, so
 * that nobody reads 15:00 for a 09:00 booking: 'New York time (this device is on Madrid time)'.
 */
export function zoneWithDevice(timeZone: string, deviceZone: string = browserTimeZone()): string {
  const shown = zoneName(timeZone);
  return sameZone(timeZone, deviceZone) ? shown : `${shown} (this device is on ${zoneName(deviceZone)})`;
}

/** An instant's calendar date and wall-clock time in a zone: { date: '2026-11-27', time: '19:30' }. */
function readingIn(instant: string, timeZone: string): { date: string; time: string } | null {
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return null;
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(at));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
  } catch {
    return null;
  }
}

/**
 * The other readings of a booking shown in its `timezone` (docs/decisions/0004): where this device
 * is, when elsewhere ('19:30 – 20:15 Madrid time on this device'), and the studio's local time when
 * the provider is in yet another zone ('Sat 28 Nov, 02:00 – 03:00 at the studio, Tokyo time'). The
 * day is named when it is not the booking's day there.
 */
export function otherReadings(
  booking: { starts_at: string; ends_at: string; timezone: string },
  providerZone?: string | null,
  deviceZone: string = browserTimeZone(),
): string[] {
  const shown = readingIn(booking.starts_at, booking.timezone);
  const line = (zone: string, where: string) => {
    const start = readingIn(booking.starts_at, zone);
    const end = readingIn(booking.ends_at, zone);
    if (!start || !end) return null;
    const day = shown && start.date !== shown.date ? `${formatDayShort(start.date)}, ` : '';
    return `${day}${formatTimeRange(start.time, end.time)} ${where}`;
  };
  const lines: string[] = [];
  const deviceElsewhere = !sameZone(booking.timezone, deviceZone);
  if (deviceElsewhere) lines.push(line(deviceZone, `${zoneName(deviceZone)} on this device`) ?? '');
  if (providerZone && !sameZone(providerZone, booking.timezone) && !(deviceElsewhere && sameZone(providerZone, deviceZone))) {
    lines.push(line(providerZone, `at the studio, ${zoneName(providerZone)}`) ?? '');
  }
  if (providerZone && deviceElsewhere && sameZone(providerZone, deviceZone) && lines[0]) {
    lines[0] = `${lines[0]}, as at the studio`;
  }
  return lines.filter(Boolean);
}

/** What a page says above a list of times shown in `timeZone`: 'Times in New York time', with the device's zone when it differs. */
export function timesInZone(timeZone: string, deviceZone?: string): string {
  return `Times in ${zoneWithDevice(timeZone, deviceZone)}`;
}

/** Whether two zone ids tell the same time now (old and new names, or aliases). */
function sameZone(a: string, b: string): boolean {
  if (currentZoneName(a) === currentZoneName(b)) return true;
  try {
    const now = new Date();
    const at = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(now);
    return at(a) === at(b);
  } catch {
    return false;
  }
}
