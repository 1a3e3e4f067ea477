/**
 * What the Insights charts share: series colours (the brand indigo and a teal that stays apart
 * from it for colour-blind readers) and the axis and grid styling.
 */
import { useMediaQuery } from '../../../lib/use-media-query.ts';

export const SERIES_COLORS = ['#4f46e5', '#0d9488', '#d97706', '#db2777', '#0284c7', '#65a30d'] as const;

export const axisProps = {
  tick: { fontSize: 12, fill: '#52525b' },
  tickLine: false,
  axisLine: { stroke: '#e4e4e7' },
} as const;

export const gridProps = { stroke: '#f4f4f5', vertical: false } as const;

/** Charts grow in only for those who have not asked for less motion. */
export function useChartAnimation(): boolean {
  return !useMediaQuery('(prefers-reduced-motion: reduce)');
}
