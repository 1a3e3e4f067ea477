import { expect, it } from 'vitest';
import { localReading } from './local-reading.ts';

it('reads the wall clock of a zone at an instant', () => {
  expect(localReading(Date.parse('2026-11-23T23:30:00Z'), 'Asia/Kathmandu')).toEqual({
    date: '2026-11-24',
    time: '05:15',
    weekday: 'Tue',
    day: 24,
    month: 'Nov',
  });
  expect(localReading(Date.parse('2027-03-28T01:30:00Z'), 'Europe/Madrid')).toEqual({
    date: '2027-03-28',
    time: '03:30',
    weekday: 'Sun',
    day: 28,
    month: 'Mar',
  });
  expect(localReading(Date.parse('2027-03-28T00:59:00Z'), 'Europe/Madrid').time).toBe('01:59');
});
