import type { ReactNode } from 'react';
import type { Insights } from '@slotted/contract';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '../../../lib/format.ts';
import { fillRate, formatWeek } from '../lib/insights-format.ts';
import { ChartCard, FigureEmpty, FigureTable } from './chart-card.tsx';
import { axisProps, gridProps, SERIES_COLORS, useChartAnimation } from './chart-theme.ts';

/** Each class's booked places as a share of its places, week by week over the last eight weeks. */
export function ClassFillCard({ classes, addClassAction }: { classes: Insights['class_fill']; addClassAction: ReactNode }) {
  const animate = useChartAnimation();
  // Every class lists the same eight weeks.
  const weeks = classes[0]?.weeks.map((w) => w.week) ?? [];
  // One point per week, one key per class: the class's fill rate that week, or null when it did not run.
  const data = weeks.map((week, i) => ({
    label: formatShortDate(week),
    ...Object.fromEntries(classes.map((c) => [c.service.id, weekFillRate(c.weeks[i])])),
  }));
  return (
    <ChartCard
      title="Class fill rate"
      description="Booked places out of places offered, per week, over the last eight weeks"
      empty={
        classes.length === 0 ? (
          <FigureEmpty
            title="No classes in the last eight weeks"
            description="Once your group classes have run, you will see how full each one was."
            action={addClassAction}
          />
        ) : undefined
      }
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="label" {...axisProps} interval="preserveStartEnd" />
            <YAxis domain={[0, 100]} unit="%" {...axisProps} />
            <Tooltip formatter={(value) => `${String(value)}%`} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {classes.map((c, i) => (
              <Line
                key={c.service.id}
                dataKey={String(c.service.id)}
                name={c.service.name}
                stroke={SERIES_COLORS[i % SERIES_COLORS.length]}
                strokeWidth={2}
                dot={{ r: 3 }}
                isAnimationActive={animate}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable
          caption="Class fill rate per week"
          columns={['Week', ...classes.map((c) => c.service.name)]}
          rows={weeks.map((week, i) => ({
            key: week,
            cells: [
              formatWeek(week),
              ...classes.map((c) => {
                const week = c.weeks[i];
                const rate = weekFillRate(week);
                return rate === null || !week ? 'Not held' : `${rate}% (${week.booked} of ${week.capacity})`;
              }),
            ],
          }))}
        />
      }
    />
  );
}

/** A class's fill rate in one of the eight weeks; a week the class does not list was not held. */
function weekFillRate(week: { booked: number; capacity: number } | undefined): number | null {
  return week ? fillRate(week.booked, week.capacity) : null;
}
