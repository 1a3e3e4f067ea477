/** Pages of slots: whole viewer days up to a number of slots, and viewer-local date windows. */
import { describe, expect, it } from 'vitest';
import { getSlotDays, getSlotPage, localDaysWindow, slotInstants } from './index.ts';
import type { ClassOccurrence } from './types.ts';
import { hours, query } from './test-support.ts';

// Nine 1-hour slots a day (08:00–17:00), from Monday 2026-06-01 in Madrid.
const week = query('Europe/Madrid', { now: '2026-06-01T00:00:00Z', window: { from: '2026-06-01T00:00:00Z', to: '2026-06-08T00:00:00Z' } });

describe('a page of slots', () => {
  it('is every day when they fit', () => {
    expect(getSlotPage(week, 100)).toEqual({ days: getSlotDays(week), resumeDate: null });
  });

  it('stops at the last whole day that fits and says where to go on', () => {
    const page = getSlotPage(week, 20);
    expect(page.days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-06-01', 9],
      ['2026-06-02', 9],
    ]);
    expect(page.resumeDate).toBe('2026-06-03');
    expect(getSlotPage(week, 18).resumeDate).toBe('2026-06-03');
    expect(getSlotPage(week, 17).resumeDate).toBe('2026-06-02');
  });

  it('keeps the first slots of a day that alone is over the limit, and goes on the next day', () => {
    const page = getSlotPage(week, 4);
    expect(page.days.map((d) => [d.date, d.slots.map((s) => s.time)])).toEqual([['2026-06-01', ['08:00', '09:00', '10:00', '11:00']]]);
    expect(page.resumeDate).toBe('2026-06-02');
  });

  it('cuts class occurrences the same way', () => {
    const occurrence = (id: number, startsAt: string): ClassOccurrence => ({
      id,
      startsAt,
      endsAt: startsAt.replace(':00:00Z', ':30:00Z'),
      capacity: 5,
      seatsTaken: 0,
      bookedByViewer: false,
      cancelled: false,
    });
    const classes = { ...week, service: { type: 'class' as const, durationMinutes: 30, capacity: 5 } };
    const occurrences = [
      occurrence(3, '2026-06-02T09:00:00Z'),
      occurrence(1, '2026-06-01T09:00:00Z'),
      occurrence(2, '2026-06-01T10:00:00Z'),
    ];
    const page = getSlotPage({ ...classes, classOccurrences: occurrences }, 2);
    expect(page.days.flatMap((d) => d.slots.map((s) => s.id))).toEqual(['1', '2']);
    expect(page.resumeDate).toBe('2026-06-02');
  });

  it('the engine produces no more than its limit: the earliest slots', () => {
    const endless = query('UTC', {
      provider: { timeZone: 'UTC', workingHours: hours('00:00', '23:59') },
      service: { durationMinutes: 1 },
      now: '2026-06-01T00:00:00Z',
    });
    const first = slotInstants({ ...endless, limit: 3 });
    expect(first.map((s) => new Date(s.startMs).toISOString())).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-06-01T00:01:00.000Z',
      '2026-06-01T00:02:00.000Z',
    ]);
  });
});

describe('local days as instants', () => {
  it('runs from the first midnight to the midnight after the last day, in the zone', () => {
    const w = localDaysWindow('2026-03-28', '2026-03-29', 'Europe/Madrid');
    expect([new Date(w.from).toISOString(), new Date(w.to).toISOString()]).toEqual([
      '2026-03-27T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
  });

  it('starts a day whose midnight is skipped when its clock jumps', () => {
    // Santiago skips 00:00–01:00 on 2026-09-06: that day starts at 01:00 local, 04:00 UTC.
    const w = localDaysWindow('2026-09-06', '2026-09-06', 'America/Santiago');
    expect(new Date(w.from).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});
