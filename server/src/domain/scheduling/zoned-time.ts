/**
 * Wall clock ⇄ instant in an IANA zone (docs/product-rules.md#time-and-time-zones), without a
 * Temporal object per conversion.
 *
 * Temporal is asked once for the zone's offset transitions over a span of time (a
 * `ZoneTimeline`); every conversion after that is integer arithmetic on epoch milliseconds
 * against that short sorted list. "Wall milliseconds" are a wall-clock reading counted as if
 * it were UTC, so `instant = wall - offset` and `wall = instant + offset`.
 *
 * A wall-clock time that does not exist (spring-forward gap) yields no slot; one that
 * occurs twice (fall-back overlap) means the earlier instant.
 */
import { Temporal } from 'temporal-polyfill';
import { DAY_MS, parseDate } from './civil-time.ts';

/** The offsets of one zone over a covered span of instants. */
export interface ZoneTimeline {
  readonly timeZone: string;
  /** Covered span [coverFromMs, coverToMs] of instants. */
  readonly coverFromMs: number;
  readonly coverToMs: number;
  /** Instants (epoch ms) at which the UTC offset changes, ascending. */
  readonly transitions: readonly number[];
  /** `offsets[i]` (ms) holds from `transitions[i - 1]` (inclusive) to `transitions[i]` (exclusive). */
  readonly offsets: readonly number[];
}

function buildTimeline(timeZone: string, coverFromMs: number, coverToMs: number): ZoneTimeline {
  let zdt = Temporal.Instant.fromEpochMilliseconds(coverFromMs).toZonedDateTimeISO(timeZone);
  const transitions: number[] = [];
  const offsets: number[] = [zdt.offsetNanoseconds / 1e6];
  for (;;) {
    const next = zdt.getTimeZoneTransition('next');
    if (next === null || next.epochMilliseconds > coverToMs) break;
    transitions.push(next.epochMilliseconds);
    offsets.push(next.offsetNanoseconds / 1e6);
    zdt = next;
  }
  return { timeZone, coverFromMs, coverToMs, transitions, offsets };
}

/**
 * Timelines are pure functions of (zone, span), so they are memoised: a zone's timeline is built
 * for whole UTC years and rebuilt wider when a request falls outside it. The memo is bounded.
 */
const timelines = new Map<string, ZoneTimeline>();
const MAX_CACHED_ZONES = 200;

/** A timeline of `timeZone` covering at least the instants [fromMs, toMs]. Throws RangeError for an unknown zone. */
export function zoneTimeline(timeZone: string, fromMs: number, toMs: number): ZoneTimeline {
  const cached = timelines.get(timeZone);
  if (cached && cached.coverFromMs <= fromMs && toMs <= cached.coverToMs) return cached;
  let from = Date.UTC(new Date(fromMs).getUTCFullYear(), 0, 1) - 2 * DAY_MS;
  let to = Date.UTC(new Date(toMs).getUTCFullYear() + 1, 0, 1) + 2 * DAY_MS;
  if (cached) {
    from = Math.min(from, cached.coverFromMs);
    to = Math.max(to, cached.coverToMs);
  }
  const timeline = buildTimeline(timeZone, from, to);
  if (!cached && timelines.size >= MAX_CACHED_ZONES) timelines.clear();
  timelines.set(timeZone, timeline);
  return timeline;
}

/** Forgets memoised timelines (lets a benchmark measure cold calls). */
export function clearZoneTimelineCache(): void {
  timelines.clear();
}

/** Index of the offset segment holding instant `ms`: the number of transitions at or before it. */
export function segmentAt(timeline: ZoneTimeline, ms: number): number {
  if (ms < timeline.coverFromMs || ms > timeline.coverToMs) {
    throw new RangeError(`Instant ${ms} is outside the ${timeline.timeZone} timeline`);
  }
  const t = timeline.transitions;
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((t[mid] ?? Infinity) <= ms)
      lo = mid + 1; // mid < t.length
    else hi = mid;
  }
  return lo;
}

/** UTC offset (ms) of the zone at instant `ms`. */
export function offsetAt(timeline: ZoneTimeline, ms: number): number {
  return segmentOffset(timeline, segmentAt(timeline, ms));
}

/** UTC offset (ms) of segment `segment` (0 to transitions.length: one more offset than transitions). */
export function segmentOffset(timeline: ZoneTimeline, segment: number): number {
  const offset = timeline.offsets[segment];
  if (offset === undefined) throw new RangeError(`The ${timeline.timeZone} timeline has no segment ${segment}`);
  return offset;
}

/** When segment `segment` ends: the next transition, or never after the last one. */
export function segmentEnd(timeline: ZoneTimeline, segment: number): number {
  return timeline.transitions[segment] ?? Infinity;
}

/** Wall milliseconds of instant `ms`. */
export function instantToWall(timeline: ZoneTimeline, ms: number): number {
  return ms + offsetAt(timeline, ms);
}

/** How a wall-clock reading maps to instants. */
export interface WallResolution {
  /** 'unique': one instant; 'repeated': two (fall-back overlap); 'skipped': none (spring-forward gap). */
  readonly kind: 'unique' | 'repeated' | 'skipped';
  /**
   * Like Temporal's `disambiguation: 'earlier'`: the instant, the earlier of two, or for a gap
   * the reading taken with the offset after the gap (an instant before the transition).
   */
  readonly earlier: number;
  /** Like Temporal's 'later': the instant, the later of two, or for a gap the reading taken with the offset before it. */
  readonly later: number;
}

/**
 * Resolves a wall-clock reading. Like Temporal, it assumes the zone changes its offset at most
 * once within a day either side of the reading, which holds for every zone in use.
 */
export function resolveWall(timeline: ZoneTimeline, wallMs: number): WallResolution {
  const offsetBefore = offsetAt(timeline, wallMs - DAY_MS);
  const offsetAfter = offsetAt(timeline, wallMs + DAY_MS);
  const withBefore = wallMs - offsetBefore;
  if (offsetBefore === offsetAfter) return { kind: 'unique', earlier: withBefore, later: withBefore };
  const withAfter = wallMs - offsetAfter;
  const beforeHolds = offsetAt(timeline, withBefore) === offsetBefore;
  const afterHolds = offsetAt(timeline, withAfter) === offsetAfter;
  const earlier = Math.min(withBefore, withAfter);
  const later = Math.max(withBefore, withAfter);
  if (beforeHolds && afterHolds) return { kind: 'repeated', earlier, later };
  if (beforeHolds) return { kind: 'unique', earlier: withBefore, later: withBefore };
  if (afterHolds) return { kind: 'unique', earlier: withAfter, later: withAfter };
  return { kind: 'skipped', earlier, later };
}

/**
 * The instant a slot starting at this wall-clock reading has: none in a gap, the earlier one in an
 * overlap.
 */
export function slotInstantOfWall(timeline: ZoneTimeline, wallMs: number): number | null {
  const r = resolveWall(timeline, wallMs);
  return r.kind === 'skipped' ? null : r.earlier;
}

/**
 * The first instant at which the wall clock reads `wallMs` or later: the (earlier) instant of
 * the reading, or for a reading inside a gap the moment the clock jumps over it. A working
 * day's `to` means this instant.
 */
export function firstInstantAtOrAfterWall(timeline: ZoneTimeline, wallMs: number): number {
  const r = resolveWall(timeline, wallMs);
  if (r.kind !== 'skipped') return r.earlier;
  // The transition lies in (earlier, later]; it is the last one at or before `later`.
  const transition = timeline.transitions[segmentAt(timeline, r.later) - 1];
  if (transition === undefined) throw new Error(`A skipped reading follows a transition of ${timeline.timeZone}`);
  return transition;
}

/** The instants [from, to) of the local dates fromDate..toDate ('YYYY-MM-DD', both included) in `timeZone`. */
export function localDaysWindow(fromDate: string, toDate: string, timeZone: string): { from: number; to: number } {
  const first = parseDate(fromDate);
  const afterLast = parseDate(toDate) + 1;
  const timeline = zoneTimeline(timeZone, (first - 2) * DAY_MS, (afterLast + 2) * DAY_MS);
  return { from: firstInstantAtOrAfterWall(timeline, first * DAY_MS), to: firstInstantAtOrAfterWall(timeline, afterLast * DAY_MS) };
}
