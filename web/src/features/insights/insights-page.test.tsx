import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Insights } from '@slotted/contract';
import { renderAt, testQueryClient } from '../../test/render.tsx';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { aClient, aProvider } from '../../test/generators.ts';
import { InsightsPage } from './pages/insights-page.tsx';

const WEEKS = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

function quiet(): Insights {
  return {
    timezone: 'Europe/Madrid',
    this_week: ['23', '24', '25', '26', '27', '28', '29'].map((d) => ({ date: `2026-11-${d}`, bookings: 0 })),
    class_fill: [],
    clients: WEEKS.map((week) => ({ week, new: 0, returning: 0 })),
    sales: MONTHS.map((month) => ({ month, card: 0, in_person: 0, refunded: 0, net: 0 })),
    attendance: WEEKS.map((week) => ({ week, attended: 0, no_show: 0, not_marked: 0 })),
  };
}

function busy(): Insights {
  const insights = quiet();
  insights.this_week[2]!.bookings = 5;
  insights.class_fill = [
    {
      service: { id: 7, name: 'Vinyasa Flow' },
      weeks: WEEKS.map((week) => (week === '2026-11-16' ? { week, booked: 9, capacity: 12 } : { week, booked: 0, capacity: 0 })),
    },
  ];
  insights.clients[7] = { week: '2026-11-23', new: 2, returning: 6 };
  insights.sales[11] = { month: '2026-11', card: 120, in_person: 45.5, refunded: 20, net: 145.5 };
  return insights;
}

function setup(insights: Insights | (() => Response), me = aProvider) {
  serveApi(http.get('/api/insights', typeof insights === 'function' ? insights : () => ok(insights)));
  return { user: userEvent.setup(), ...renderAt(<InsightsPage />, { path: '/insights', queryClient: testQueryClient(me) }) };
}

/** The cells of a figure's table row, found by the row's heading (a day, week or month). */
function row(tableName: string, heading: string) {
  const table = screen.getByRole('table', { name: tableName });
  const header = within(table).getByRole('rowheader', { name: heading });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('insights page', () => {
  it('gives every chart’s figures as a table', async () => {
    setup(busy());
    await screen.findByRole('heading', { name: 'This week’s bookings' });
    expect(row('This week’s bookings per day', 'Wednesday, 25 Nov')).toEqual(['5']);
    expect(row('This week’s bookings per day', 'Thursday, 26 Nov')).toEqual(['0']);
    expect(row('Class fill rate per week', 'Week of 16 Nov')).toEqual(['75% (9 of 12)']);
    expect(row('Class fill rate per week', 'Week of 23 Nov')).toEqual(['Not held']);
    expect(row('New and returning clients per week', 'Week of 23 Nov')).toEqual(['2', '6']);
    expect(row('Sales per month', 'Nov 2026')).toEqual(['€120.00', '€45.50', '€20.00', '€145.50']);
    expect(row('Sales per month', 'Dec 2025')).toEqual(['€0.00', '€0.00', '€0.00', '€0.00']);
    expect(screen.getByRole('columnheader', { name: 'Vinyasa Flow' })).toBeTruthy();
  });

  it('shows a table on request in place of its chart', async () => {
    const { user } = setup(busy());
    const section = await screen.findByRole('region', { name: 'Sales per month' });
    expect(within(section).getByRole('table').parentElement?.className).toContain('sr-only');
    await user.click(within(section).getByRole('button', { name: 'Show table' }));
    expect(within(section).getByRole('table').parentElement?.className).not.toContain('sr-only');
    expect(within(section).getByRole('button', { name: 'Show chart' })).toBeTruthy();
  });

  it('tells a new provider what will appear and points to the booking page', async () => {
    setup(quiet());
    expect(await screen.findByText('No bookings yet this week')).toBeTruthy();
    expect(screen.getByText('No classes in the last eight weeks')).toBeTruthy();
    expect(screen.getByText('No clients in the last eight weeks')).toBeTruthy();
    expect(screen.getByText('No sales in the last twelve months')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const share = screen.getAllByRole('link', { name: 'Share your booking page' });
    expect(share.map((link) => link.getAttribute('href'))).toEqual(['/pat', '/pat']);
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    setup(() => apiError(500, { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }));
    expect(await screen.findByText('We could not load your insights')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells a client the page is for providers', async () => {
    setup(quiet(), aClient);
    expect(await screen.findByText('This page is for providers')).toBeTruthy();
  });
});
