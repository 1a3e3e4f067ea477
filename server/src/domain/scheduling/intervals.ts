/** Half-open intervals [start, end) of epoch milliseconds. */

export interface Interval {
  readonly start: number;
  readonly end: number;
}

/** Whether [aStart, aEnd) and [bStart, bEnd) share an instant. Touching ends do not overlap; an empty interval overlaps nothing. */
export function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd && aStart < aEnd && bStart < bEnd;
}

/**
 * The union of the intervals as disjoint intervals sorted by start. Empty intervals are
 * dropped; overlapping and touching ones are joined (the union is the same set of instants).
 */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.start < i.end).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  let current: { start: number; end: number } | undefined;
  for (const { start, end } of sorted) {
    if (current && start <= current.end) {
      if (end > current.end) current.end = end;
    } else {
      current = { start, end };
      merged.push(current);
    }
  }
  return merged;
}

/**
 * Answers "does [start, end) overlap the union?" for a stream of queries. Queries whose starts
 * never decrease cost amortised O(1) (a pointer sweeps forward); a query that goes back in time
 * repositions the pointer by binary search, so any order is still answered correctly.
 */
export class IntervalCursor {
  private readonly starts: number[];
  private readonly ends: number[];
  private index = 0;
  private lastStart = -Infinity;

  /** `union` must be disjoint and sorted, as `mergeIntervals` returns. */
  constructor(union: readonly Interval[]) {
    this.starts = union.map((i) => i.start);
    this.ends = union.map((i) => i.end);
  }

  overlaps(start: number, end: number): boolean {
    const ends = this.ends;
    const n = ends.length;
    let i = this.index;
    if (start < this.lastStart) {
      // First interval ending after `start`.
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((ends[mid] ?? Infinity) <= start)
          lo = mid + 1; // mid < n
        else hi = mid;
      }
      i = lo;
    }
    // Past the last interval nothing ends or starts: Infinity stops the scan and overlaps nothing.
    while ((ends[i] ?? Infinity) <= start) i++;
    this.index = i;
    this.lastStart = start;
    return (this.starts[i] ?? Infinity) < end;
  }
}
