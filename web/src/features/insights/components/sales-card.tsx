import type { ReactNode } from 'react';
import type { Insights } from '@slotted/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMonth } from '../../../lib/format.ts';
import { ChartCard, FigureEmpty, FigureTable } from './chart-card.tsx';
import { axisProps, gridProps, SERIES_COLORS, useChartAnimation } from './chart-theme.ts';

/** Money received per month, by card and in person, and what remained after refunds. */
export function SalesCard({ months, sellAction }: { months: Insights['sales']; sellAction: ReactNode }) {
  const animate = useChartAnimation();
  const data = months.map((m) => ({ label: formatMonth(m.month).slice(0, 3), card: m.card, in_person: m.in_person, net: m.net }));
  return (
    <ChartCard
      title="Sales per month"
      description="Payments received by card and in person over the last twelve months; the line is what remained after refunds"
      empty={
        months.every((m) => m.card + m.in_person === 0) ? (
          <FigureEmpty
            title="No sales in the last twelve months"
            description="Payments for bookings and memberships show here once clients pay, by card or in person."
            action={sellAction}
          />
        ) : undefined
      }
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="label" {...axisProps} interval="preserveStartEnd" />
            <YAxis {...axisProps} tickFormatter={(v: number) => `€${v}`} />
            <Tooltip formatter={(value) => formatMoney(value)} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="card" name="Card" stackId="sales" fill={SERIES_COLORS[0]} isAnimationActive={animate} />
            <Bar
              dataKey="in_person"
              name="In person"
              stackId="sales"
              fill={SERIES_COLORS[1]}
              radius={[6, 6, 0, 0]}
              isAnimationActive={animate}
            />
            <Line dataKey="net" name="After refunds" stroke={SERIES_COLORS[2]} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={animate} />
          </ComposedChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="Sales per month"
          columns={['Month', 'Card', 'In person', 'Refunded', 'After refunds']}
          rows={months.map((m) => ({
            key: m.month,
            cells: [formatMonth(m.month), formatMoney(m.card), formatMoney(m.in_person), formatMoney(m.refunded), formatMoney(m.net)],
          }))}
        />
      }
    />
  );
}
