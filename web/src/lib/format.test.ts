import { describe, expect, it } from 'vitest';
import { addDays, dayHeading, dayOfMonthIn, formatMoney, formatTime, todayIn } from './format.ts';
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

  it('heads schedule days with Today, Tomorrow or the weekday', () => {
    expect(dayHeading('2026-11-23', '2026-11-23')).toEqual({ title: 'Today', subtitle: 'Monday, November 23, 2026' });
    expect(dayHeading('2026-11-24', '2026-11-23')).toEqual({ title: 'Tomorrow', subtitle: 'Tuesday, November 24, 2026' });
    expect(dayHeading('2026-11-27', '2026-11-23')).toEqual({ title: 'Friday', subtitle: 'Nov 27' });
  });

  it('shows times as HH:MM', () => {
    expect(formatTime('9:05:00')).toBe('09:05');
    expect(formatTime('17:30')).toBe('17:30');
    expect(formatTime(null)).toBe('');
  });
});

describe('time zone names', () => {
  it("offers today's names for zones browsers list under former ones", () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Asia/Katmandu')).toBe('Asia/Kathmandu');
    expect(currentZoneName('Europe/Madrid')).toBe('Europe/Madrid');
  });
});
