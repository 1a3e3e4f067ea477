import type { Insights } from '@slotted/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '../../../lib/format.ts';
import { formatWeek } from '../lib/insights-format.ts';
import { ChartCard, FigureEmpty, FigureTable } from './chart-card.tsx';
import { axisProps, gridProps, SERIES_COLORS, useChartAnimation } from './chart-theme.ts';

/** Confirmed bookings that have started, per week: checked in as attended, as no-show, or not marked (docs/product-rules.md#roster-and-check-in). */
export function AttendanceCard({ weeks }: { weeks: Insights['attendance'] }) {
  const animate = useChartAnimation();
  const data = weeks.map((w) => ({ label: formatShortDate(w.week), attended: w.attended, no_show: w.no_show, not_marked: w.not_marked }));
  return (
    <ChartCard
      title="Attendance"
      description="Bookings each week, by check-in: attended, no-show or not marked"
      empty={
        weeks.every((w) => w.attended + w.no_show + w.not_marked === 0) ? (
          <FigureEmpty
            title="No sessions in the last eight weeks"
            description="Check clients in from a class or booking on your schedule: who came and who did not shows here."
          />
        ) : undefined
      }
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="label" {...axisProps} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} {...axisProps} />
            <Tooltip cursor={{ fill: '#f4f4f5' }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="attended" name="Attended" stackId="attendance" fill={SERIES_COLORS[1]} isAnimationActive={animate} />
            <Bar dataKey="no_show" name="No-show" stackId="attendance" fill={SERIES_COLORS[3]} isAnimationActive={animate} />
            <Bar
              dataKey="not_marked"
              name="Not marked"
              stackId="attendance"
              fill="#a1a1aa"
              radius={[6, 6, 0, 0]}
              isAnimationActive={animate}
            />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="Attendance per week"
          columns={['Week', 'Attended', 'No-show', 'Not marked']}
          rows={weeks.map((w) => ({ key: w.week, cells: [formatWeek(w.week), w.attended, w.no_show, w.not_marked] }))}
        />
      }
    />
  );
}
