import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * One figure of the Insights page: a chart for the eye and a table with the same numbers. The
 * chart is hidden from assistive technology; the table is always in the page (visually hidden
 * until 'Show table'), so a screen reader reads the numbers rather than the drawing.
 */
export function ChartCard({
  title,
  description,
  chart,
  table,
  empty,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  table: ReactNode;
  /** Shown instead of chart and table when there is nothing to count yet. */
  empty?: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-zinc-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-zinc-600">{description}</p>
        </div>
        {!empty && (
          <Button theme="link" size="s" onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? 'Show chart' : 'Show table'}
          </Button>
        )}
      </div>
      {empty ?? (
        <>
          {!showTable && (
            // The drawing says nothing the table does not; its keyboard layer is off (accessibilityLayer).
            <div aria-hidden="true" className="mt-4 h-56 sm:h-64">
              {chart}
            </div>
          )}
          {showTable ? (
            // A wide table scrolls on a phone: focusable, so the keyboard can scroll it too.
            <div tabIndex={0} className="mt-4 overflow-x-auto rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
              {table}
            </div>
          ) : (
            <div className="sr-only">{table}</div>
          )}
        </>
      )}
    </section>
  );
}

/** A figure's table: a caption naming it, column headings, one row per day, week or month. */
export function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-zinc-200 text-xs text-zinc-500">
          {columns.map((column, i) => (
            // By position: two classes may share a name.
            <th key={i} scope="col" className={i === 0 ? 'py-2 pr-4 font-medium' : 'px-2 py-2 text-right font-medium whitespace-nowrap'}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100">
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-2 pr-4 font-normal whitespace-nowrap text-zinc-700">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-2 text-right whitespace-nowrap text-zinc-900 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A figure's empty state: what will appear here, and the step that gets it going. */
export function FigureEmpty({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center">
      <p className="text-sm font-medium text-zinc-900">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-zinc-600">{description}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
