import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Service } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { addDays, todayIn } from '../../lib/format.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http } from 'msw';
import { apiError, ok, serveApi, jsonBody } from '../../test/api.ts';
import { aProvider } from '../../test/generators.ts';
import { classSummary, endTime, firstOccurrence, joinWeekdays, weekdayOf } from '../../lib/class-summary.ts';
import { formatDayShort } from '../../lib/format.ts';
import { must } from '../../../../server/test/support/must.ts';

const yoga: Service = {
  id: 7,
  name: 'Yoga',
  type: 'class',
  description: '',
  price: 12,
  duration: 75,
  location: 'Studio',
  capacity: 10,
  waitlist_size: 10,
  cover: null,
  provider: { name: 'Pat Provider', username: 'pat', avatar: null, timezone: 'UTC' },
  is_mine: true,
  paid_appointments: 0,
  cancelled_appointments: 0,
};

const tomorrow = addDays(todayIn(aProvider.timezone), 1);

function setup({ services = [yoga], post }: { services?: Service[]; post?: () => Response } = {}) {
  const calls = serveApi(
    http.get('/api/me', () => ok(aProvider)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/schedule', () => ok([])),
    http.get('/api/services', () => ok(services)),
    http.post('/api/repeaters', post ?? (() => ok({ id: 3, service: { id: 7, name: 'Yoga' }, occurrences: 9 }, 201))),
  );
  renderRoutes(routes, { path: '/schedule', queryClient: testQueryClient(aProvider) });
  return { calls, user: userEvent.setup() };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(must((await screen.findAllByRole('button', { name: 'Add a Class' }))[0], 'an Add a Class button'));
  return screen.findByRole('dialog', { name: 'Add a class' });
}

describe('Add a Class panel', () => {
  it('cannot create without a class service, and says where to make one', async () => {
    const { user } = setup({ services: [] });
    const panel = await openPanel(user);
    const link = await within(panel).findByRole('link', { name: 'Create a class service' });
    expect(link.getAttribute('href')).toBe('/services');
    expect((within(panel).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts tomorrow at 09:00, says these are suggestions, and sums up what goes live with its end time', async () => {
    const { user } = setup();
    const panel = await openPanel(user);
    expect(await within(panel).findByText(`Yoga on ${formatDayShort(tomorrow)}, 09:00 – 10:15.`)).toBeTruthy();
    expect(within(panel).getByText('Goes live when you press Create')).toBeTruthy();
    expect(within(panel).getByText('Clients can see and book it on your public page right away.')).toBeTruthy();
    expect(within(panel).getByText('Suggested: tomorrow. Change it to the class’s first day.')).toBeTruthy();
    expect(within(panel).getByText(/^Suggested: 09:00\. In your time zone/)).toBeTruthy();
    expect((within(panel).getByLabelText('Start date') as HTMLInputElement).value).toBe(tomorrow);
    expect((within(panel).getByRole('combobox', { name: 'Time' }) as HTMLInputElement).value).toBe('09:00');
    expect((within(panel).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false);

    // Free typing is normalised on blur, and the end time follows.
    const time = within(panel).getByRole('combobox', { name: 'Time' });
    await user.clear(time);
    await user.type(time, '18:3');
    await user.tab();
    expect((time as HTMLInputElement).value).toBe('18:03');
    expect(within(panel).getByText(`Yoga on ${formatDayShort(tomorrow)}, 18:03 – 19:18.`)).toBeTruthy();
    expect(within(panel).queryByText(/^Suggested: 09:00/)).toBeNull();
  });

  it('shows the weekday toggles only when repeating, with the start date’s weekday chosen', async () => {
    const { user } = setup();
    const panel = await openPanel(user);
    await within(panel).findByText(/Yoga on/);
    expect(within(panel).queryByRole('button', { name: 'Monday' })).toBeNull();

    await user.click(within(panel).getByRole('combobox', { name: 'Repeat' }));
    await user.click(await screen.findByRole('option', { name: 'Every week' }));
    const startDay = weekdayOf(tomorrow);
    const names = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
    for (const [key, name] of Object.entries(names)) {
      expect(within(panel).getByRole('button', { name }).getAttribute('aria-pressed')).toBe(String(key === startDay));
    }

    await user.click(within(panel).getByRole('combobox', { name: 'Repeat' }));
    await user.click(await screen.findByRole('option', { name: 'Does not repeat' }));
    expect(within(panel).queryByRole('button', { name: 'Monday' })).toBeNull();
  });

  it('sends the repeater and tells that the class is live', async () => {
    const { user, calls } = setup();
    const panel = await openPanel(user);
    await within(panel).findByText(/Yoga on/);
    await user.click(within(panel).getByRole('combobox', { name: 'Repeat' }));
    await user.click(await screen.findByRole('option', { name: 'Every 2 weeks' }));
    const other = weekdayOf(addDays(tomorrow, 2));
    const otherName = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' }[
      other
    ];
    await user.click(within(panel).getByRole('button', { name: otherName }));
    expect(within(panel).getByTestId('class-summary').textContent).toMatch(/every 2 weeks on /);

    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Yoga is now live!')).toBeTruthy();
    expect(screen.getByText('Clients can now book and join this class.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a class' })).toBeNull());

    const post = must(
      calls.find((c) => c.method === 'POST' && c.url === '/api/repeaters'),
      "calls.find((c) => c.method === 'POST' && c.url === '/api/repeaters')",
    );
    const order = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    expect(await jsonBody(post)).toEqual({
      service_id: 7,
      start_at: `${tomorrow} 09:00`,
      repeat_every: '2w',
      weekdays: [weekdayOf(tomorrow), other].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    });
  });

  it('a class that does not repeat is sent without weekdays', async () => {
    const { user, calls } = setup();
    const panel = await openPanel(user);
    await within(panel).findByText(/Yoga on/);
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    await screen.findByText('Yoga is now live!');
    const post = must(
      calls.find((c) => c.method === 'POST' && c.url === '/api/repeaters'),
      "calls.find((c) => c.method === 'POST' && c.url === '/api/repeaters')",
    );
    expect(await jsonBody(post)).toEqual({ service_id: 7, start_at: `${tomorrow} 09:00`, repeat_every: null, weekdays: [] });
  });

  it('shows the server’s field errors', async () => {
    const { user } = setup({
      post: () =>
        apiError(422, { message: 'Invalid.', code: 'validation_failed', errors: { start_at: ['Choose a start in the future.'] } }),
    });
    const panel = await openPanel(user);
    await within(panel).findByText(/Yoga on/);
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('Choose a start in the future.')).toBeTruthy();
    expect(within(panel).getByLabelText('Start date').getAttribute('aria-invalid')).toBe('true');
  });

  it('other failures ask to try again', async () => {
    const { user } = setup({ post: () => apiError(500, { message: 'Boom', code: 'internal_error' }) });
    const panel = await openPanel(user);
    await within(panel).findByText(/Yoga on/);
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('An error occurred while adding the class.')).toBeTruthy();
    expect(screen.getByText('Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add a class' })).toBeTruthy();
  });
});

describe('class summary', () => {
  it('adds the duration, across midnight too', () => {
    expect(endTime('09:00', 60)).toEqual({ time: '10:00', nextDay: false });
    expect(endTime('23:30', 60)).toEqual({ time: '00:30', nextDay: true });
  });

  it('lists weekdays in week order', () => {
    expect(joinWeekdays(['thu', 'tue'])).toBe('Tue and Thu');
    expect(joinWeekdays(['fri', 'mon', 'wed'])).toBe('Mon, Wed and Fri');
    expect(joinWeekdays(['sun'])).toBe('Sun');
  });

  it('starts on the first chosen weekday in an "on" week, as the server counts them', () => {
    // 2026-11-24 is a Tuesday.
    expect(firstOccurrence('2026-11-24', '1w', ['tue', 'thu'])).toBe('2026-11-24');
    expect(firstOccurrence('2026-11-24', '1w', ['mon'])).toBe('2026-11-30');
    // Every 2 weeks: the week of Mon 30 Nov is off, so Monday means 7 Dec.
    expect(firstOccurrence('2026-11-24', '2w', ['mon'])).toBe('2026-12-07');
    expect(firstOccurrence('2026-11-24', '2w', ['fri'])).toBe('2026-11-27');
    expect(firstOccurrence('2026-11-24', '1w', [])).toBeNull();
  });

  it('reads like the spec’s example', () => {
    expect(
      classSummary({
        serviceName: 'Yoga',
        durationMinutes: 60,
        date: '2026-11-24',
        time: '09:00',
        repeatEvery: '1w',
        weekdays: ['thu', 'tue'],
      }),
    ).toBe('Yoga on Tue 24 Nov, 09:00 – 10:00, every week on Tue and Thu.');
    expect(
      classSummary({ serviceName: 'Yoga', durationMinutes: 45, date: '2026-11-24', time: '09:00', repeatEvery: null, weekdays: [] }),
    ).toBe('Yoga on Tue 24 Nov, 09:00 – 09:45.');
  });
});
