/**
 * Public holidays from `date-holidays` (offline data). Only national public holidays count; the
 * provider can mark each one available. Names are in English. The package (every country's
 * rules, about 25 MB in memory) is imported when the holidays page first asks for it: the slot
 * engine reads the provider's stored choices, never this module.
 */
import type HolidaysClass from 'date-holidays';
import { WEEKDAY_NAMES } from '@slotted/contract';

export interface PublicHoliday {
  date: string;
  name: string;
  weekday: string;
}

const cache = new Map<string, PublicHoliday[]>();

const loadHolidays = async (): Promise<typeof HolidaysClass> => (await import('date-holidays')).default;

export async function publicHolidays(country: string, year: number): Promise<PublicHoliday[]> {
  const key = `${country}:${year}`;
  let list = cache.get(key);
  if (!list) {
    const Holidays = await loadHolidays();
    const hd = new Holidays(country, { languages: ['en'], types: ['public'] });
    const seen = new Set<string>();
    list = [];
    for (const h of hd.getHolidays(year, 'en') || []) {
      if (h.type !== 'public') continue;
      const date = h.date.slice(0, 10);
      if (seen.has(date)) continue;
      seen.add(date);
      const weekday = WEEKDAY_NAMES[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7];
      if (weekday === undefined) throw new Error(`The holiday calendar gave a date that is not one: ${date}`);
      list.push({ date, name: h.name, weekday });
    }
    cache.set(key, list);
  }
  return list;
}

let countries: { code: string; name: string }[] | null = null;

export async function holidayCountries(): Promise<{ code: string; name: string }[]> {
  const Holidays = await loadHolidays();
  countries ??= Object.entries(new Holidays().getCountries('en'))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return countries;
}

export async function isHolidayCountry(code: string): Promise<boolean> {
  return (await holidayCountries()).some((c) => c.code === code);
}
