import { describe, expect, it } from 'vitest';
import { normaliseTimeInput } from './wall-clock.ts';
import { workDaysInput } from './availability.ts';
import { repeaterInput } from './classes.ts';
import { fieldErrors } from './errors.ts';
import { must } from '../../../server/test/support/must.ts';

describe('time input normalisation', () => {
  it.each([
    ['9:5', '09:05'],
    ['930', '23:00'],
    ['25:70', '23:59'],
    ['ab12:3x0', '12:30'],
    ['', '00:00'],
    [':15', '00:15'],
    ['7', '07:00'],
  ])('%s becomes %s', (raw, expected) => {
    expect(normaliseTimeInput(raw)).toBe(expected);
  });
});

describe('work days input', () => {
  const week = (change: Record<string, unknown> = {}) => ({
    data: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      available: weekday < 6,
      from: '08:00',
      to: '17:00',
      ...(weekday === 3 ? change : {}),
    })),
  });

  it('accepts a full week', () => {
    expect(workDaysInput.safeParse(week()).success).toBe(true);
  });

  it('keys errors by day and field', () => {
    const r = workDaysInput.safeParse(week({ from: '18:00', to: '09:00' }));
    expect(fieldErrors(must(r.error, 'r.error').issues)).toEqual({ 'data.2.to': ['The end time must be after the start time.'] });
    const bad = workDaysInput.safeParse(week({ from: '8am' }));
    expect(fieldErrors(must(bad.error, 'bad.error').issues)).toEqual({ 'data.2.from': ['Please enter a time as HH:MM.'] });
  });
});

describe('repeater input', () => {
  it('needs weekdays when it repeats', () => {
    const r = repeaterInput.safeParse({ service_id: 1, start_at: '2026-11-24 09:00', repeat_every: '1w', weekdays: [] });
    expect(fieldErrors(must(r.error, 'r.error').issues)).toEqual({ weekdays: ['Choose at least one day.'] });
    expect(repeaterInput.safeParse({ service_id: 1, start_at: '2026-11-24 09:00', repeat_every: null }).success).toBe(true);
    expect(repeaterInput.safeParse({ service_id: 1, start_at: '2026-11-24 9:00' }).success).toBe(false);
  });
});
