import '../../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEEKDAY_ABBREVIATIONS, WEEKDAY_NAMES, type WorkDay } from '@slotted/contract';
import { renderAt, testQueryClient } from '../../../test/render.tsx';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { apiError, serveApi, jsonBody } from '../../../test/api.ts';
import { aClient, aProvider } from '../../../test/generators.ts';
import { applyFromChange } from '../lib/work-hours.ts';
import { WorkingHoursPage } from './working-hours-page.tsx';
import { must } from '../../../../../server/test/support/must.ts';

const week = (): WorkDay[] =>
  WEEKDAY_NAMES.map((name, i) => ({
    weekday: i + 1,
    name,
    abbreviation: must(WEEKDAY_ABBREVIATIONS[i], `the abbreviation of ${name}`),
    available: i < 5,
    from: '08:00',
    to: '17:00',
  }));

function renderPage(routes: RequestHandler[] = []) {
  const calls = serveApi(
    http.get('/api/work-days', () => HttpResponse.json({ data: week(), timezone: 'America/New_York' })),
    ...routes,
  );
  renderAt(<WorkingHoursPage />, { path: '/availability', queryClient: testQueryClient(aProvider) });
  return calls;
}

const input = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')
    .trim();

describe('the From/To rule', () => {
  const day = { weekday: 1, available: true, from: '08:00', to: '17:00' };

  it('keeps To when From stays before it', () => {
    expect(applyFromChange(day, '16:45')).toEqual({ ...day, from: '16:45', to: '17:00' });
  });

  it('moves To one hour after a From that is not before it', () => {
    expect(applyFromChange(day, '17:00')).toEqual({ ...day, from: '17:00', to: '18:00' });
    expect(applyFromChange(day, '19:15')).toEqual({ ...day, from: '19:15', to: '20:15' });
  });

  it('caps To at 23:59', () => {
    expect(applyFromChange(day, '23:00')).toEqual({ ...day, from: '23:00', to: '23:59' });
    expect(applyFromChange(day, '23:30')).toEqual({ ...day, from: '23:30', to: '23:59' });
  });
});

describe('working hours page', () => {
  it('shows each day with its switch and times, in the answer’s time zone', async () => {
    renderPage();
    expect(await screen.findByText(/^New York time/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change your time zone' }).getAttribute('href')).toBe('/settings/account');
    expect((screen.getByRole('switch', { name: 'Monday' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('switch', { name: 'Sunday' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('false');
    expect(input('Monday from').value).toBe('08:00');
    expect(input('Friday to').value).toBe('17:00');
    expect(screen.queryByRole('combobox', { name: 'Sunday from' })).toBeNull();
  });

  it('moving From past To moves To an hour later; typed times are normalised on blur', async () => {
    const user = userEvent.setup();
    renderPage();
    const from = await screen.findByRole('combobox', { name: 'Tuesday from' });

    await user.clear(from);
    await user.type(from, '17.3');
    await user.tab();
    expect(input('Tuesday from').value).toBe('17:03');
    expect(input('Tuesday to').value).toBe('18:03');

    await user.clear(input('Tuesday from'));
    await user.type(input('Tuesday from'), '2345');
    await user.tab();
    expect(input('Tuesday from').value).toBe('23:45');
    expect(input('Tuesday to').value).toBe('23:59');

    await user.clear(input('Tuesday from'));
    await user.type(input('Tuesday from'), '9');
    await user.tab();
    expect(input('Tuesday from').value).toBe('09:00');
    expect(input('Tuesday to').value).toBe('23:59');
  });

  it('says so under the day, and out loud, when a new From moved To; the note goes once the row is changed again or saved', async () => {
    const user = userEvent.setup();
    renderPage([
      http.post<never, { data: WorkDay[] }>('/api/work-days', async ({ request }) => {
        const sent = (await request.json()).data;
        return HttpResponse.json({ data: week().map((d, i) => ({ ...d, ...sent[i] })), timezone: 'America/New_York' });
      }),
    ]);
    const from = await screen.findByRole('combobox', { name: 'Monday from' });
    await user.clear(from);
    await user.type(from, '1800');
    await user.tab();

    const note = 'End moved to 19:00 so Monday ends after it starts. Change it if you meant another time, then save.';
    expect(input('Monday to').value).toBe('19:00');
    expect(describedText(input('Monday to'))).toBe(note);
    expect(screen.getByRole('status').textContent).toBe(note);

    await user.clear(input('Monday to'));
    await user.type(input('Monday to'), '2000');
    await user.tab();
    expect(describedText(input('Monday to'))).toBe('');

    await user.clear(input('Tuesday from'));
    await user.type(input('Tuesday from'), '1700');
    await user.tab();
    expect(describedText(input('Tuesday to'))).toContain('End moved to 18:00 so Tuesday ends after it starts.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Availability updated')).toBeTruthy();
    expect(describedText(input('Tuesday to'))).toBe('');
  });

  it('To must be after From, checked before sending', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    const to = await screen.findByRole('combobox', { name: 'Thursday to' });
    await user.clear(to);
    await user.type(to, '07:00');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(input('Thursday to').getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input('Thursday to'))).toBe('The end time must be after the start time.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves all seven days and says so', async () => {
    const user = userEvent.setup();
    const calls = renderPage([
      http.post<never, { data: WorkDay[] }>('/api/work-days', async ({ request }) => {
        const sent = (await request.json()).data;
        return HttpResponse.json({ data: week().map((d, i) => ({ ...d, ...sent[i] })), timezone: 'America/New_York' });
      }),
    ]);
    await user.click(await screen.findByRole('switch', { name: 'Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Availability updated')).toBeTruthy();
    const body = await jsonBody(calls.find((c) => c.method === 'POST'));
    expect(body.data).toHaveLength(7);
    expect(body.data[5]).toEqual({ weekday: 6, available: true, from: '08:00', to: '17:00' });
    expect(body.data[6]).toEqual({ weekday: 7, available: false, from: '08:00', to: '17:00' });
  });

  it('a 422 for data.2.to shows under Wednesday’s To, and only there', async () => {
    const user = userEvent.setup();
    renderPage([
      http.post('/api/work-days', () =>
        apiError(422, { message: 'Invalid', code: 'validation_failed', errors: { 'data.2.to': ['Wednesday ends too late.'] } }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(input('Wednesday to').getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(input('Wednesday to'))).toBe('Wednesday ends too late.');
    expect(input('Wednesday from').getAttribute('aria-invalid')).toBeNull();
    expect(input('Tuesday to').getAttribute('aria-invalid')).toBeNull();
    expect(input('Thursday to').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(input('Wednesday to'));
    expect(screen.queryByText('Availability updated')).toBeNull();
  });

  it('tells a client the page is for providers, without asking the server', async () => {
    const calls = serveApi(http.get('/api/work-days', () => apiError(403, { message: 'Forbidden', code: 'forbidden' })));
    renderAt(<WorkingHoursPage />, { path: '/availability', queryClient: testQueryClient(aClient) });
    expect(await screen.findByRole('heading', { name: 'This page is for providers' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
