import type { ReactNode } from 'react';
import type { Insights } from '@slotted/contract';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate, formatWeekday } from '../../../lib/format.ts';
import { formatWeekdayShort } from '../lib/insights-format.ts';
import { ChartCard, FigureEmpty, FigureTable } from './chart-card.tsx';
import { axisProps, gridProps, SERIES_COLORS, useChartAnimation } from './chart-theme.ts';

/** Confirmed bookings per day, Monday to Sunday of the current week. */
export function ThisWeekCard({ days, shareAction }: { days: Insights['this_week']; shareAction: ReactNode }) {
  const animate = useChartAnimation();
  const data = days.map((d) => ({ label: formatWeekdayShort(d.date), bookings: d.bookings }));
  return (
    <ChartCard
      title="This week’s bookings"
      description={`${weekSpan(days)}, confirmed bookings per day`}
      empty={
        days.every((d) => d.bookings === 0) ? (
          <FigureEmpty
            title="No bookings yet this week"
            description="Share your booking page so clients can find a time."
            action={shareAction}
          />
        ) : undefined
      }
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="label" {...axisProps} />
            <YAxis allowDecimals={false} {...axisProps} />
            <Tooltip cursor={{ fill: '#f4f4f5' }} />
            <Bar dataKey="bookings" name="Bookings" fill={SERIES_COLORS[0]} radius={[6, 6, 0, 0]} isAnimationActive={animate} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="This week’s bookings per day"
          columns={['Day', 'Bookings']}
          rows={days.map((d) => ({ key: d.date, cells: [`${formatWeekday(d.date)}, ${formatShortDate(d.date)}`, d.bookings] }))}
        />
      }
    />
  );
}

/** The first and last of the week's days (the server sends all seven, Monday to Sunday). */
function weekSpan(days: Insights['this_week']): string {
  const first = days[0];
  const last = days.at(-1);
  return first && last ? `${formatShortDate(first.date)} – ${formatShortDate(last.date)}` : '';
}
