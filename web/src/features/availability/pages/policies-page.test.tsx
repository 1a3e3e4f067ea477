import '../../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADVANCE_BOOKING_DAYS, BOOKING_NOTICE_HOURS, CANCELLATION_NOTICE_HOURS, REMINDER_HOURS, type Policies } from '@slotted/contract';
import { renderAt, testQueryClient } from '../../../test/render.tsx';
import { http, type RequestHandler } from 'msw';
import { apiError, ok, serveApi, jsonBody } from '../../../test/api.ts';
import { aProvider } from '../../../test/generators.ts';
import { ADVANCE_BOOKING_OPTIONS, BOOKING_NOTICE_OPTIONS, CANCELLATION_NOTICE_OPTIONS, REMINDER_OPTIONS } from '../lib/policy-options.ts';
import { PoliciesPage } from './policies-page.tsx';

const saved: Policies = {
  min_hours_before_booking: 4,
  max_days_before_booking: 30,
  min_hours_before_cancellation: 24,
  reminder_hours_before: 24,
  terms_of_service: '<p>Be on time.</p>',
};

function renderPage(routes: RequestHandler[] = []) {
  const calls = serveApi(
    http.get('/api/policies', () => ok(saved)),
    ...routes,
  );
  renderAt(<PoliciesPage />, { path: '/availability/policies', queryClient: testQueryClient(aProvider) });
  return calls;
}

async function optionsOf(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  const titles = within(list)
    .getAllByRole('option')
    .map((option) => option.querySelector('span > span')?.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return titles;
}

describe('policy options', () => {
  it('are exactly the contract’s values, in its order', () => {
    expect(BOOKING_NOTICE_OPTIONS.map((o) => o.value)).toEqual([...BOOKING_NOTICE_HOURS]);
    expect(ADVANCE_BOOKING_OPTIONS.map((o) => o.value)).toEqual([...ADVANCE_BOOKING_DAYS]);
    expect(CANCELLATION_NOTICE_OPTIONS.map((o) => o.value)).toEqual([...CANCELLATION_NOTICE_HOURS]);
    expect(REMINDER_OPTIONS.map((o) => o.value)).toEqual([...REMINDER_HOURS]);
  });
});

describe('policies page', () => {
  it('offers the spec’s choices, with 0 hours of cancellation notice called Never', async () => {
    renderPage();
    await screen.findByRole('combobox', { name: 'Booking notice' });

    expect(await optionsOf('Booking notice')).toEqual(['No notice', '1 hour', '4 hours', '12 hours', '24 hours', '48 hours', '72 hours']);
    expect(await optionsOf('Advance booking')).toEqual(['1 day', '3 days', '7 days', '14 days', '30 days', '90 days', '180 days']);
    expect(await optionsOf('Cancellation notice')).toEqual(['1 hour', '4 hours', '12 hours', '24 hours', '48 hours', '72 hours', 'Never']);
    expect(await optionsOf('Reminder e-mail')).toEqual(['Off', '2 hours before', '24 hours before', '48 hours before']);
  });

  it('shows the saved choices and sends the new ones', async () => {
    const user = userEvent.setup();
    const calls = renderPage([http.post<never, Policies>('/api/policies', async ({ request }) => ok(await request.json()))]);
    const cancellation = await screen.findByRole('combobox', { name: 'Cancellation notice' });
    expect(screen.getByRole('combobox', { name: 'Booking notice' }).textContent).toBe('4 hours');
    expect(screen.getByRole('combobox', { name: 'Advance booking' }).textContent).toBe('30 days');
    expect(cancellation.textContent).toBe('24 hours');
    expect(screen.getByRole('combobox', { name: 'Reminder e-mail' }).textContent).toBe('24 hours before');
    expect((await screen.findByRole('textbox', { name: 'Terms of service' })).textContent).toBe('Be on time.');

    await user.click(cancellation);
    await user.click(await screen.findByRole('option', { name: /Never/ }));
    await user.click(screen.getByRole('combobox', { name: 'Booking notice' }));
    await user.click(await screen.findByRole('option', { name: 'No notice' }));
    await user.click(screen.getByRole('combobox', { name: 'Reminder e-mail' }));
    await user.click(await screen.findByRole('option', { name: '2 hours before' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Policies updated')).toBeTruthy();
    expect(await jsonBody(calls.find((c) => c.method === 'POST'))).toEqual({
      min_hours_before_booking: 0,
      max_days_before_booking: 30,
      min_hours_before_cancellation: 0,
      reminder_hours_before: 2,
      terms_of_service: '<p>Be on time.</p>',
    });
  });

  it('shows 422 errors under their fields', async () => {
    const user = userEvent.setup();
    renderPage([
      http.post('/api/policies', () =>
        apiError(422, {
          message: 'Invalid',
          code: 'validation_failed',
          errors: {
            max_days_before_booking: ['Choose one of the advance booking options.'],
            terms_of_service: ['The terms are too long.'],
          },
        }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    const advance = screen.getByRole('combobox', { name: 'Advance booking' });
    await waitFor(() => expect(advance.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(advance.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe(
      'Choose one of the advance booking options.',
    );
    const terms = await screen.findByRole('textbox', { name: 'Terms of service' });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(terms.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe('The terms are too long.');
    expect(screen.getByRole('combobox', { name: 'Booking notice' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Policies updated')).toBeNull();
  });
});
