import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, repeaterOccurrences, type RepeaterRule } from './repeater-occurrences.ts';
import { must } from '../../../test/support/must.ts';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const rule = (r: Partial<RepeaterRule>): RepeaterRule => ({
  startLocal: '2026-11-24 09:00',
  timeZone: 'Europe/Madrid',
  repeatEveryWeeks: 1,
  weekdays: [2, 4],
  durationMinutes: 60,
  ...r,
});

describe('repeater occurrences', () => {
  it('a single class happens once', () => {
    const occ = repeaterOccurrences(rule({ repeatEveryWeeks: null, weekdays: [] }), '2026-11-21', '2027-01-01');
    expect(occ.map((o) => iso(o.startMs))).toEqual(['2026-11-24T08:00:00Z']);
    expect(iso(must(occ[0], 'occ[0]').endMs)).toBe('2026-11-24T09:00:00Z');
  });

  it('repeats weekly on the chosen weekdays from the first start', () => {
    const occ = repeaterOccurrences(rule({}), '2026-11-21', '2026-12-06');
    expect(occ.map((o) => o.localDate)).toEqual(['2026-11-24', '2026-11-26', '2026-12-01', '2026-12-03']);
  });

  it('every second week counts weeks from the first start’s week', () => {
    // Start on Wednesday 2026-11-25, Mondays and Wednesdays every two weeks: that week's Monday is already past.
    const occ = repeaterOccurrences(
      rule({ startLocal: '2026-11-25 18:30', repeatEveryWeeks: 2, weekdays: [1, 3] }),
      '2026-11-21',
      '2026-12-24',
    );
    expect(occ.map((o) => o.localDate)).toEqual(['2026-11-25', '2026-12-07', '2026-12-09', '2026-12-21', '2026-12-23']);
  });

  it('keeps the wall-clock time across the daylight-saving change', () => {
    const occ = repeaterOccurrences(rule({ startLocal: '2027-03-23 09:00', weekdays: [2] }), '2027-03-20', '2027-04-01');
    // Madrid is UTC+1 before 28 March 2027 and UTC+2 after.
    expect(occ.map((o) => iso(o.startMs))).toEqual(['2027-03-23T08:00:00Z', '2027-03-30T07:00:00Z']);
  });

  it('skips a start inside the spring-forward gap and takes the earlier of a repeated time', () => {
    const ny = rule({ startLocal: '2027-03-07 02:30', timeZone: 'America/New_York', weekdays: [7] });
    expect(repeaterOccurrences(ny, '2027-03-07', '2027-03-22').map((o) => iso(o.startMs))).toEqual([
      '2027-03-07T07:30:00Z',
      '2027-03-21T06:30:00Z',
    ]);
    // 14 March 2027 02:30 does not exist in New York. On 7 November 2027 01:30 happens twice.
    const fall = rule({ startLocal: '2027-11-07 01:30', timeZone: 'America/New_York', weekdays: [7] });
    expect(
      iso(
        must(repeaterOccurrences(fall, '2027-11-07', '2027-11-08')[0], "repeaterOccurrences(fall, '2027-11-07', '2027-11-08')[0]").startMs,
      ),
    ).toBe('2027-11-07T05:30:00Z');
  });

  it('finds local dates and adds days', () => {
    expect(localDateOf(Date.parse('2026-11-23T23:30:00Z'), 'Europe/Madrid')).toBe('2026-11-24');
    expect(localDateOf(Date.parse('2026-11-23T23:30:00Z'), 'America/New_York')).toBe('2026-11-23');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});
