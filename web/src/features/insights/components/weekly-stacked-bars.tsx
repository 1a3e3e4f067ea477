import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '../../../lib/format.ts';
import { axisProps, gridProps, useChartAnimation } from './chart-theme.ts';

export interface WeeklySeries<K extends string> {
  key: K;
  name: string;
  color: string;
}

/**
 * Counts per week as stacked bars, one colour per series, the top one rounded: the chart of the
 * weekly cards (attendance, new and returning clients).
 */
export function WeeklyStackedBars<K extends string>({
  weeks,
  series,
}: {
  weeks: readonly ({ week: string } & Record<K, number>)[];
  series: readonly WeeklySeries<K>[];
}) {
  const animate = useChartAnimation();
  const data = weeks.map((w) => ({ ...w, label: formatShortDate(w.week) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="label" {...axisProps} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} {...axisProps} />
        <Tooltip cursor={{ fill: '#f4f4f5' }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stackId="weekly"
            fill={s.color}
            radius={i === series.length - 1 ? [6, 6, 0, 0] : undefined}
            isAnimationActive={animate}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
