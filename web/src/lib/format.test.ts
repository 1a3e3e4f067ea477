import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayHeading,
  dayOfMonthIn,
  formatDayShort,
  formatDuration,
  formatInstantDate,
  formatLongDate,
  formatMediumDate,
  formatMoney,
  formatMonth,
  formatTime,
  formatTimeRange,
  otherReadings,
  timesInZone,
  todayIn,
  zoneName,
  zoneWithDevice,
} from './format.ts';
import { currentZoneName } from './time-zones.ts';

describe('formatMoney', () => {
  it("shows euros with two decimals, '-' for anything that is not a number", () => {
    expect(formatMoney(12)).toBe('€12.00');
    expect(formatMoney(9.5)).toBe('€9.50');
    expect(formatMoney(0)).toBe('€0.00');
    expect(formatMoney('25.3')).toBe('€25.30');
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatMoney('abc')).toBe('-');
    expect(formatMoney(Number.NaN)).toBe('-');
  });
});

describe('dates', () => {
  it('knows today in a time zone, across the date line', () => {
    const instant = new Date('2026-11-23T23:30:00Z');
    expect(todayIn('Europe/Madrid', instant)).toBe('2026-11-24');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-23');
    expect(dayOfMonthIn('Asia/Kathmandu', instant)).toBe(24);
  });

  it('adds days across month ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('heads schedule days with Today, Tomorrow or the weekday, then one date format', () => {
    expect(dayHeading('2026-11-23', '2026-11-23')).toEqual({ title: 'Today', subtitle: 'Monday 23 November' });
    expect(dayHeading('2026-11-24', '2026-11-23')).toEqual({ title: 'Tomorrow', subtitle: 'Tuesday 24 November' });
    expect(dayHeading('2026-11-27', '2026-11-23')).toEqual({ title: 'Friday', subtitle: '27 November' });
    expect(dayHeading('2027-01-05', '2026-12-30')).toEqual({ title: 'Tuesday', subtitle: '5 January 2027' });
    expect(dayHeading('2027-01-01', '2026-12-31')).toEqual({ title: 'Tomorrow', subtitle: 'Friday 1 January 2027' });
  });

  it('adds the device and the studio readings of a booking only where their zones differ (decision 0004)', () => {
    // 18:30 UTC on 27 Nov 2026 is 19:30 in Madrid and 03:30 on the 28th in Tokyo.
    const booking = { starts_at: '2026-11-27T18:30:00Z', ends_at: '2026-11-27T19:15:00Z', timezone: 'UTC' };
    expect(otherReadings(booking, 'UTC', 'UTC')).toEqual([]);
    expect(otherReadings(booking, 'UTC', 'Europe/Madrid')).toEqual(['19:30 – 20:15 Madrid time on this device']);
    expect(otherReadings(booking, 'Europe/Madrid', 'Europe/Madrid')).toEqual([
      '19:30 – 20:15 Madrid time on this device, as at the studio',
    ]);
    expect(otherReadings({ ...booking, timezone: 'Europe/Madrid' }, 'Asia/Tokyo', 'Europe/Madrid')).toEqual([
      'Sat 28 Nov, 03:30 – 04:15 at the studio, Tokyo time',
    ]);
  });

  it('writes a time range one way: en dash with spaces', () => {
    expect(formatTimeRange('07:30', '08:15')).toBe('07:30 – 08:15');
    expect(formatTimeRange('9:05:00', '10:00:00')).toBe('09:05 – 10:00');
    expect(formatTimeRange('18:30', null)).toBe('18:30');
  });

  it('shows times as HH:MM', () => {
    expect(formatTime('9:05:00')).toBe('09:05');
    expect(formatTime('17:30')).toBe('17:30');
    expect(formatTime(null)).toBe('');
  });
});

describe('one way to write a date and a duration', () => {
  it('writes dates as the server and the e-mails do', () => {
    expect(formatLongDate('2026-11-26')).toBe('Thursday, 26 November 2026');
    expect(formatMediumDate('2026-12-15')).toBe('15 Dec 2026');
    expect(formatDayShort('2026-11-24')).toBe('Tue 24 Nov');
    expect(formatDayShort('2027-08-10', 2026)).toBe('Tue, 10 Aug 2027');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatInstantDate('2026-11-20T10:00:00Z')).toMatch(/^(19|20|21) Nov 2026$/);
  });

  it('writes durations in hours and minutes, never 75 min', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(75)).toBe('1 h 15 min');
    expect(formatDuration(0)).toBe('');
  });
});

describe('time zones as people say them', () => {
  it('names a zone after its city, never by its id', () => {
    expect(zoneName('America/New_York')).toBe('New York time');
    expect(zoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneName('Europe/Madrid')).toBe('Madrid time');
    expect(zoneName('UTC')).toBe('UTC');
  });

  it('says when the device is in another zone than the times shown', () => {
    expect(zoneWithDevice('America/New_York', 'America/New_York')).toBe('New York time');
    expect(zoneWithDevice('America/New_York', 'Europe/Madrid')).toBe('New York time (this device is on Madrid time)');
    expect(timesInZone('Europe/Madrid', 'Europe/Madrid')).toBe('Times in Madrid time');
    expect(timesInZone('Asia/Kolkata', 'Asia/Calcutta')).toBe('Times in Kolkata time');
  });
});

describe('time zone names', () => {
  it("offers today's names for zones browsers list under former ones", () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Asia/Katmandu')).toBe('Asia/Kathmandu');
    expect(currentZoneName('Europe/Madrid')).toBe('Europe/Madrid');
  });
});
