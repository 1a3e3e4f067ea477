/**
 * Public holidays from `date-holidays` (offline data). Only national public holidays count; the
 * provider can mark each one available. Names are in English.
 */
import Holidays from 'date-holidays';
import { WEEKDAY_NAMES } from '@slotted/contract';

export interface PublicHoliday {
  date: string;
  name: string;
  weekday: string;
}

const cache = new Map<string, PublicHoliday[]>();

export function publicHolidays(country: string, year: number): PublicHoliday[] {
  const key = `${country}:${year}`;
  let list = cache.get(key);
  if (!list) {
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

export function holidayCountries(): { code: string; name: string }[] {
  countries ??= Object.entries(new Holidays().getCountries('en'))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return countries;
}

export function isHolidayCountry(code: string): boolean {
  return holidayCountries().some((c) => c.code === code);
}
