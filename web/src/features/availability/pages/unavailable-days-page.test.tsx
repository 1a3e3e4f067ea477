import '../../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Holiday, TimeOff } from '@slotted/contract';
import { todayIn } from '../../../lib/format.ts';
import { renderAt, testQueryClient } from '../../../test/render.tsx';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { apiError, ok, serveApi, jsonBody } from '../../../test/api.ts';
import { aProvider } from '../../../test/generators.ts';
import { moveStart } from '../components/time-off-panel.tsx';
import { UnavailableDaysPage } from './unavailable-days-page.tsx';
import { must } from '../../../../../server/test/support/must.ts';

const period: TimeOff = {
  id: 7,
  from_date: '2031-08-10',
  from_time: '09:00',
  until_date: '2031-08-12',
  until_time: '17:00',
  note: 'Conference',
};
const holidays: Holiday[] = [
  { date: '2031-01-01', name: "New Year's Day", weekday: 'Wednesday', available: false },
  { date: '2031-12-25', name: 'Christmas Day', weekday: 'Thursday', available: false },
];

function renderPage(routes: RequestHandler[] = [], { periods = [period], country = 'ES' as string | null } = {}) {
  const calls = serveApi(
    http.get('/api/time-off', () => HttpResponse.json({ data: periods, timezone: 'Europe/Madrid' })),
    http.get('/api/holidays', ({ request }) =>
      ok({
        country,
        year: Number(new URL(request.url, 'http://x').searchParams.get('year')),
        countries: [
          { code: 'DE', name: 'Germany' },
          { code: 'ES', name: 'Spain' },
        ],
        holidays: country ? holidays : [],
      }),
    ),
    ...routes,
  );
  renderAt(<UnavailableDaysPage />, { path: '/availability/unavailable-days', queryClient: testQueryClient(aProvider) });
  return calls;
}

describe('moving the start of time off', () => {
  const base = { from_date: '2031-08-10', from_time: '09:00', until_date: '2031-08-12', until_time: '17:00', note: '' };

  it('a new start date keeps the length of the period', () => {
    expect(moveStart(base, { from_date: '2031-08-20' })).toMatchObject({ until_date: '2031-08-22', until_time: '17:00' });
  });

  it('a start at or after the end pushes the end an hour later, at most 23:59', () => {
    const oneDay = { ...base, until_date: '2031-08-10' };
    expect(moveStart(oneDay, { from_time: '18:00' })).toMatchObject({ until_date: '2031-08-10', until_time: '19:00' });
    expect(moveStart(oneDay, { from_time: '23:30' })).toMatchObject({ until_time: '23:59' });
    expect(moveStart(oneDay, { from_time: '12:00' })).toMatchObject({ until_time: '17:00' });
  });
});

describe('time off', () => {
  it('lists periods and shows the empty state', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Time off' });
    expect(within(list).getByText('Conference')).toBeTruthy();
    expect(list.textContent).toContain('Sun, 10 Aug 2031 · 09:00');
    expect(list.textContent).toContain('Tue, 12 Aug 2031 · 17:00');
    expect(screen.getByText('Times in Madrid time (this device is on UTC)')).toBeTruthy();
  });

  it('shows an empty state with a way to add', async () => {
    renderPage([], { periods: [] });
    expect(await screen.findByText('No time off planned')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add time off' })).toBeTruthy();
  });

  it('adds a period; a 422 shows under its field', async () => {
    const user = userEvent.setup();
    let answer = apiError(422, {
      message: 'Invalid',
      code: 'validation_failed',
      errors: { until_time: ['The end must be after the start.'] },
    });
    const calls = renderPage([http.post('/api/time-off', () => answer)], { periods: [] });
    await user.click(await screen.findByRole('button', { name: 'Add time off' }));
    const panel = screen.getByRole('dialog', { name: 'Add time off' });

    // A browser fires input (then change) when a date is picked; React's onChange hears either, Preact's the input.
    fireEvent.input(within(panel).getByLabelText('Start date'), { target: { value: '2031-09-01' } });
    const startTime = within(panel).getByRole('combobox', { name: 'Start time' });
    await user.clear(startTime);
    await user.type(startTime, '1030');
    await user.tab();
    fireEvent.input(within(panel).getByLabelText('End date'), { target: { value: '2031-09-03' } });
    await user.type(within(panel).getByLabelText('Note'), 'Holidays');
    await user.click(within(panel).getByRole('button', { name: 'Add time off' }));

    const endTime = within(panel).getByRole('combobox', { name: 'End time' });
    await waitFor(() => expect(endTime.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(must(endTime.getAttribute('aria-describedby'), "endTime.getAttribute('aria-describedby')"))?.textContent,
    ).toBe('The end must be after the start.');
    expect(await jsonBody(calls.find((c) => c.method === 'POST'))).toEqual({
      from_date: '2031-09-01',
      from_time: '10:30',
      until_date: '2031-09-03',
      until_time: '23:59',
      note: 'Holidays',
    });

    answer = ok({ ...period, id: 8 }, 201);
    await user.click(within(panel).getByRole('button', { name: 'Add time off' }));
    expect(await screen.findByText('Time off added')).toBeTruthy();
  });

  it('checks that the end is after the start before sending', async () => {
    const user = userEvent.setup();
    const calls = renderPage([], { periods: [] });
    await user.click(await screen.findByRole('button', { name: 'Add time off' }));
    const panel = screen.getByRole('dialog', { name: 'Add time off' });
    const endTime = within(panel).getByRole('combobox', { name: 'End time' });
    await user.clear(endTime);
    await user.type(endTime, '00:00');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: 'Add time off' }));

    expect(within(panel).getByText('The end must be after the start.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits and deletes a period', async () => {
    const user = userEvent.setup();
    const calls = renderPage([
      http.put<never, Partial<TimeOff>>('/api/time-off/7', async ({ request }) => ok({ ...period, ...(await request.json()) })),
      http.delete('/api/time-off/7', () => new HttpResponse(null, { status: 204 })),
    ]);
    await user.click(await screen.findByRole('button', { name: /Actions for time off/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit time off' });
    expect((within(panel).getByLabelText('Start date') as HTMLInputElement).value).toBe('2031-08-10');
    await user.clear(within(panel).getByLabelText('Note'));
    await user.type(within(panel).getByLabelText('Note'), 'Summit');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Time off updated')).toBeTruthy();
    expect(await jsonBody(calls.find((c) => c.method === 'PUT'))).toMatchObject({ from_date: '2031-08-10', note: 'Summit' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /Actions for time off/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Time off deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/time-off/7')).toBe(true);
  });
});

describe('public holidays', () => {
  it('lists the country’s holidays, closed by default; a switch opens one at once', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const calls = renderPage([
      http.post(
        '/api/holidays/choice',
        () => new Promise<Response>((resolve) => (release = () => resolve(new HttpResponse(null, { status: 204 })))),
      ),
    ]);
    const christmas = await screen.findByRole('switch', { name: /Christmas Day/ });
    expect(christmas.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('combobox', { name: 'Country' }).textContent).toContain('Spain');

    await user.click(christmas);
    expect(screen.getByRole('switch', { name: /Christmas Day/ }).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/holidays/choice')).toBe(true));
    expect(await jsonBody(calls.find((c) => c.url === '/api/holidays/choice'))).toEqual({ date: '2031-12-25', available: true });
    release();
  });

  it('flips back with an error toast when the server refuses', async () => {
    const user = userEvent.setup();
    renderPage([http.post('/api/holidays/choice', () => apiError(500, { message: 'Boom', code: 'internal_error' }))]);
    await user.click(await screen.findByRole('switch', { name: /New Year/ }));

    expect(await screen.findByText('We could not save your choice. Please try again.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /New Year/ }).getAttribute('aria-checked')).toBe('false');
  });

  it('without a country asks for one; choosing it saves it', async () => {
    const user = userEvent.setup();
    const calls = renderPage([http.post('/api/holidays/country', () => new HttpResponse(null, { status: 204 }))], { country: null });
    expect(await screen.findByText('Choose your country to see its public holidays.')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.type(screen.getByRole('searchbox'), 'germ');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(calls.some((c) => c.url === '/api/holidays/country')).toBe(true));
    expect(await jsonBody(calls.find((c) => c.url === '/api/holidays/country'))).toEqual({ country: 'DE' });
  });

  it('switches between this year and next', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await screen.findByRole('switch', { name: /Christmas Day/ });
    const thisYear = Number(todayIn('Europe/Madrid').slice(0, 4));
    await user.click(screen.getByRole('radio', { name: String(thisYear + 1) }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/holidays?year=${thisYear + 1}`)).toBe(true));
  });
});
