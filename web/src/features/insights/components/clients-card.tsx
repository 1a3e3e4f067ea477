import type { ReactNode } from 'react';
import type { Insights } from '@slotted/contract';
import { formatWeek } from '../lib/insights-format.ts';
import { ChartCard, FigureEmpty, FigureTable } from './chart-card.tsx';
import { SERIES_COLORS } from './chart-theme.ts';
import { WeeklyStackedBars } from './weekly-stacked-bars.tsx';

/** Clients who came each week: first-timers and those who had booked before. */
export function ClientsCard({ weeks, shareAction }: { weeks: Insights['clients']; shareAction: ReactNode }) {
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
        <WeeklyStackedBars
          weeks={weeks}
          series={[
            { key: 'new', name: 'New', color: SERIES_COLORS[0] },
            { key: 'returning', name: 'Returning', color: SERIES_COLORS[1] },
          ]}
        />
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
