/** Offset timelines and wall-clock resolution, against hand-written transition facts. */
import { describe, expect, it } from 'vitest';
import { DAY_MS, parseLocalDateTime } from './civil-time.ts';
import { firstInstantAtOrAfterWall, instantToWall, offsetAt, resolveWall, slotInstantOfWall, zoneTimeline } from './zoned-time.ts';

const utc = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const timeline = (zone: string) => zoneTimeline(zone, utc('2026-01-01T00:00:00Z'), utc('2027-12-31T00:00:00Z'));

describe('zone timelines', () => {
  it.each([
    ['Europe/Madrid', ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2027-03-28T01:00:00Z', '2027-10-31T01:00:00Z'], [1, 2, 1, 2, 1]],
    [
      'America/New_York',
      ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2027-03-14T07:00:00Z', '2027-11-07T06:00:00Z'],
      [-5, -4, -5, -4, -5],
    ],
    [
      'Australia/Lord_Howe',
      ['2026-04-04T15:00:00Z', '2026-10-03T15:30:00Z', '2027-04-03T15:00:00Z', '2027-10-02T15:30:00Z'],
      [11, 10.5, 11, 10.5, 11],
    ],
    [
      'America/Santiago',
      ['2026-04-05T03:00:00Z', '2026-09-06T04:00:00Z', '2027-04-04T03:00:00Z', '2027-09-05T04:00:00Z'],
      [-3, -4, -3, -4, -3],
    ],
    ['Asia/Kathmandu', [], [5.75]],
    ['Asia/Kolkata', [], [5.5]],
  ])('%s changes offset at the expected instants', (zone, transitions, offsetHours) => {
    const t = timeline(zone);
    const inside = t.transitions.filter((x) => x >= utc('2026-01-01T00:00:00Z') && x <= utc('2027-12-31T00:00:00Z'));
    expect(inside.map((x) => new Date(x).toISOString().replace('.000Z', 'Z'))).toEqual(transitions);
    const probes = [utc('2026-01-01T00:00:00Z'), ...inside];
    expect(probes.map((x) => offsetAt(t, x) / HOUR)).toEqual(offsetHours);
  });

  it('rejects an unknown zone', () => {
    expect(() => zoneTimeline('Nowhere/Atlantis', 0, DAY_MS)).toThrow(RangeError);
  });

  it('refuses instants outside the covered span', () => {
    const t = zoneTimeline('UTC', utc('2026-06-01T00:00:00Z'), utc('2026-06-02T00:00:00Z'));
    expect(() => offsetAt(t, t.coverFromMs - 1)).toThrow(RangeError);
  });

  it('widens a memoised timeline when asked for a later span', () => {
    const a = zoneTimeline('Europe/Madrid', utc('2040-06-01T00:00:00Z'), utc('2040-06-02T00:00:00Z'));
    const b = zoneTimeline('Europe/Madrid', utc('2040-06-01T00:00:00Z'), utc('2043-06-02T00:00:00Z'));
    expect(b.coverFromMs).toBeLessThanOrEqual(a.coverFromMs);
    expect(offsetAt(b, utc('2043-01-15T00:00:00Z'))).toBe(HOUR);
    expect(offsetAt(b, utc('2043-07-15T00:00:00Z'))).toBe(2 * HOUR);
  });
});

describe('wall clock ⇄ instant', () => {
  const wall = (s: string) => parseLocalDateTime(s);

  it.each([
    // zone, wall clock, kind, earlier, later
    ['Europe/Madrid', '2026-03-29T02:30', 'skipped', '2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z'],
    ['Europe/Madrid', '2026-03-29T03:00', 'unique', '2026-03-29T01:00:00Z', '2026-03-29T01:00:00Z'],
    ['Europe/Madrid', '2026-10-25T02:30', 'repeated', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'],
    ['Europe/Madrid', '2026-10-25T03:00', 'unique', '2026-10-25T02:00:00Z', '2026-10-25T02:00:00Z'],
    ['America/New_York', '2027-03-14T02:00', 'skipped', '2027-03-14T06:00:00Z', '2027-03-14T07:00:00Z'],
    ['America/New_York', '2027-11-07T01:00', 'repeated', '2027-11-07T05:00:00Z', '2027-11-07T06:00:00Z'],
    ['Australia/Lord_Howe', '2026-10-04T02:15', 'skipped', '2026-10-03T15:15:00Z', '2026-10-03T15:45:00Z'],
    ['Australia/Lord_Howe', '2026-04-05T01:45', 'repeated', '2026-04-04T14:45:00Z', '2026-04-04T15:15:00Z'],
    ['America/Santiago', '2026-09-06T00:00', 'skipped', '2026-09-06T03:00:00Z', '2026-09-06T04:00:00Z'],
    ['America/Santiago', '2026-04-04T23:30', 'repeated', '2026-04-05T02:30:00Z', '2026-04-05T03:30:00Z'],
    ['Asia/Kathmandu', '2026-06-01T00:00', 'unique', '2026-05-31T18:15:00Z', '2026-05-31T18:15:00Z'],
    ['Asia/Kolkata', '2026-06-01T00:00', 'unique', '2026-05-31T18:30:00Z', '2026-05-31T18:30:00Z'],
  ])('%s %s is %s (earlier %s, later %s)', (zone, local, kind, earlier, later) => {
    const r = resolveWall(timeline(zone), wall(local));
    expect(r).toEqual({ kind, earlier: utc(earlier), later: utc(later) });
    expect(slotInstantOfWall(timeline(zone), wall(local))).toBe(kind === 'skipped' ? null : utc(earlier));
  });

  it.each([
    ['Europe/Madrid', '2026-03-29T02:30', '2026-03-29T01:00:00Z'], // inside the gap: the jump
    ['America/Santiago', '2026-09-06T00:00', '2026-09-06T04:00:00Z'],
    ['Europe/Madrid', '2026-10-25T02:30', '2026-10-25T00:30:00Z'], // repeated: the first time
    ['Asia/Kolkata', '2026-06-01T17:00', '2026-06-01T11:30:00Z'],
  ])('%s first reads %s or later at %s', (zone, local, instant) => {
    expect(firstInstantAtOrAfterWall(timeline(zone), wall(local))).toBe(utc(instant));
  });

  it('reads instants back as wall clock', () => {
    expect(instantToWall(timeline('Australia/Lord_Howe'), utc('2026-10-03T15:30:00Z'))).toBe(wall('2026-10-04T02:30'));
    expect(instantToWall(timeline('Australia/Lord_Howe'), utc('2026-10-03T15:29:00Z'))).toBe(wall('2026-10-04T01:59'));
  });
});
