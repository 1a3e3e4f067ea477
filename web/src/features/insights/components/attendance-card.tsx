import type { Insights } from '@slotted/contract';
import { formatWeek } from '../lib/insights-format.ts';
import { ChartCard, FigureEmpty, FigureTable } from './chart-card.tsx';
import { SERIES_COLORS } from './chart-theme.ts';
import { WeeklyStackedBars } from './weekly-stacked-bars.tsx';

/** Confirmed bookings that have started, per week: checked in as attended, as no-show, or not marked (docs/product-rules.md#roster-and-check-in). */
export function AttendanceCard({ weeks }: { weeks: Insights['attendance'] }) {
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
        <WeeklyStackedBars
          weeks={weeks}
          series={[
            { key: 'attended', name: 'Attended', color: SERIES_COLORS[1] },
            { key: 'no_show', name: 'No-show', color: SERIES_COLORS[3] },
            { key: 'not_marked', name: 'Not marked', color: '#a1a1aa' },
          ]}
        />
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
