import type { ReactNode } from 'react';
import type { Insights } from '@slotted/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '../../../lib/format.ts';
import { formatWeek } from '../lib/insights-format.ts';
import { ChartCard, FigureEmpty, FigureTable } from './chart-card.tsx';
import { axisProps, gridProps, SERIES_COLORS, useChartAnimation } from './chart-theme.ts';

/** Clients who came each week: first-timers and those who had booked before. */
export function ClientsCard({ weeks, shareAction }: { weeks: Insights['clients']; shareAction: ReactNode }) {
  const animate = useChartAnimation();
  const data = weeks.map((w) => ({ label: formatShortDate(w.week), new: w.new, returning: w.returning }));
  return (
    <ChartCard
      title="New and returning clients"
      description="Clients with a booking each week; new ones booked you for the first time"
      empty={
        weeks.every((w) => w.new + w.returning === 0) ? (
          <FigureEmpty
            title="No clients in the last eight weeks"
            description="Share your booking page: each client’s first visit shows here, and every visit after it."
            action={shareAction}
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
            <Bar dataKey="new" name="New" stackId="clients" fill={SERIES_COLORS[0]} isAnimationActive={animate} />
            <Bar
              dataKey="returning"
              name="Returning"
              stackId="clients"
              fill={SERIES_COLORS[1]}
              radius={[6, 6, 0, 0]}
              isAnimationActive={animate}
            />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="New and returning clients per week"
          columns={['Week', 'New', 'Returning']}
          rows={weeks.map((w) => ({ key: w.week, cells: [formatWeek(w.week), w.new, w.returning] }))}
        />
      }
    />
  );
}
