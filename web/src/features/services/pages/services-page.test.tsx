import '../../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Service } from '@slotted/contract';
import { renderAt, testQueryClient } from '../../../test/render.tsx';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { apiError, ok, serveApi, jsonBody } from '../../../test/api.ts';
import { aClient, aProvider, aService } from '../../../test/generators.ts';
import { ServicesPage } from './services-page.tsx';

function renderPage(services: Service[], routes: RequestHandler[] = []) {
  const calls = serveApi(
    http.get('/api/services', () => ok(services)),
    ...routes,
  );
  renderAt(<ServicesPage />, { path: '/services', queryClient: testQueryClient(aProvider) });
  return calls;
}

describe('services page', () => {
  it('lists services with type, euro price and minutes', async () => {
    renderPage([aService(), aService({ id: 2, name: 'Vinyasa flow', type: 'class', price: 12.5, duration: 75, capacity: 12 })]);

    const table = await screen.findByRole('table', { name: 'Services' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Personal trainingStudio 1', 'Appointment', '€45.00', '1 h'],
      ['Vinyasa flowStudio 1', 'Class', '€12.50', '1 h 15 min'],
    ]);
  });

  it('shows the empty state', async () => {
    renderPage([]);
    expect(await screen.findByRole('heading', { name: 'Create your first service' })).toBeTruthy();
  });

  it('tells clients the page is for providers', async () => {
    serveApi(http.get('/api/services', () => apiError(403, { message: 'Forbidden', code: 'forbidden' })));
    renderAt(<ServicesPage />, { path: '/services', queryClient: testQueryClient(aClient) });
    expect(await screen.findByRole('heading', { name: 'This page is for providers' })).toBeTruthy();
  });
});

describe('service editor', () => {
  it('price: a comma becomes a point, a third decimal is refused, two decimals on blur', async () => {
    const user = userEvent.setup();
    renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Add service' }));
    const price = screen.getByLabelText('Price') as HTMLInputElement;

    await user.type(price, '12,5');
    expect(price.value).toBe('12.5');
    await user.type(price, '79');
    expect(price.value).toBe('12.57');
    await user.type(price, 'a.');
    expect(price.value).toBe('12.57');

    await user.clear(price);
    await user.type(price, '8');
    await user.tab();
    expect(price.value).toBe('8.00');

    await user.clear(price);
    await user.type(price, '10001');
    expect(price.value).toBe('1000');
    await user.clear(price);
    await user.type(price, ',5');
    await user.tab();
    expect(price.value).toBe('0.50');
  });

  it('switching to class sets capacity 5, to appointment 1 (and saves it)', async () => {
    const user = userEvent.setup();
    const calls = renderPage(
      [],
      [http.post<never, Partial<Service>>('/api/services', async ({ request }) => ok(aService({ ...(await request.json()), id: 9 }), 201))],
    );
    await user.click(await screen.findByRole('button', { name: 'Add service' }));
    const panel = screen.getByRole('dialog', { name: 'Add service' });

    expect(within(panel).queryByLabelText('Capacity')).toBeNull();
    await user.click(within(panel).getByRole('radio', { name: /Class/ }));
    const capacity = within(panel).getByLabelText('Capacity') as HTMLInputElement;
    expect(capacity.value).toBe('5');
    await user.clear(capacity);
    await user.type(capacity, '8');

    await user.click(within(panel).getByRole('radio', { name: /Appointment/ }));
    expect(within(panel).queryByLabelText('Capacity')).toBeNull();
    await user.click(within(panel).getByRole('radio', { name: /Class/ }));
    expect((within(panel).getByLabelText('Capacity') as HTMLInputElement).value).toBe('5');
    await user.click(within(panel).getByRole('radio', { name: /Appointment/ }));

    await user.type(within(panel).getByLabelText('Name'), 'Massage');
    await user.type(within(panel).getByLabelText('Price'), '30');
    await user.click(within(panel).getByRole('button', { name: 'Create service' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/services')).toBe(true));
    expect(await jsonBody(calls.find((c) => c.method === 'POST' && c.url === '/api/services'))).toEqual({
      name: 'Massage',
      type: 'appointment',
      description: '',
      price: 30,
      duration: 60,
      location: '',
      capacity: 1,
      // Appointments have no waitlist (docs/product-rules.md#waitlist).
      waitlist_size: 0,
    });
    expect(await screen.findByText('Service created')).toBeTruthy();
  });

  it('an edited class gets its own capacity back; an appointment turned class gets 5', async () => {
    const user = userEvent.setup();
    renderPage([aService({ id: 1, name: 'Yin', type: 'class', capacity: 12 }), aService({ id: 2, name: 'Massage' })]);

    await user.click(await screen.findByRole('button', { name: 'Yin' }));
    let panel = screen.getByRole('dialog', { name: 'Edit service' });
    expect((within(panel).getByLabelText('Capacity') as HTMLInputElement).value).toBe('12');
    await user.click(within(panel).getByRole('radio', { name: /Appointment/ }));
    await user.click(within(panel).getByRole('radio', { name: /Class/ }));
    expect((within(panel).getByLabelText('Capacity') as HTMLInputElement).value).toBe('12');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Massage' }));
    panel = screen.getByRole('dialog', { name: 'Edit service' });
    await user.click(within(panel).getByRole('radio', { name: /Class/ }));
    expect((within(panel).getByLabelText('Capacity') as HTMLInputElement).value).toBe('5');
  });

  it('shows 422 errors under their fields', async () => {
    const user = userEvent.setup();
    const calls = renderPage(
      [aService()],
      [
        http.put('/api/services/1', () =>
          apiError(422, {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { name: ['That name is taken.'], location: ['Too far away.'], duration: ['Too long.'] },
          }),
        ),
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Personal training' }));
    const panel = screen.getByRole('dialog', { name: 'Edit service' });
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    const name = within(panel).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('That name is taken.');
    const location = within(panel).getByLabelText('Location');
    expect(document.getElementById(location.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe('Too far away.');
    const duration = within(panel).getByLabelText('Duration (minutes)');
    expect(document.getElementById(duration.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe('Too long.');
    expect(within(panel).getByLabelText('Price').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(name);
    expect(await jsonBody(calls.find((c) => c.method === 'PUT'))).toMatchObject({ name: 'Personal training', price: 45, capacity: 1 });
  });

  it('checks the form before sending', async () => {
    const user = userEvent.setup();
    const calls = renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Add service' }));
    const panel = screen.getByRole('dialog', { name: 'Add service' });
    await user.clear(within(panel).getByLabelText('Duration (minutes)'));
    await user.type(within(panel).getByLabelText('Duration (minutes)'), '2000');
    await user.click(within(panel).getByRole('button', { name: 'Create service' }));

    expect(within(panel).getByText('Please enter a name.')).toBeTruthy();
    expect(within(panel).getByText('Please enter a price.')).toBeTruthy();
    expect(within(panel).getByText('The duration must be between 1 and 1440.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('deletes after confirmation from the row menu', async () => {
    const user = userEvent.setup();
    const calls = renderPage([aService()], [http.delete('/api/services/1', () => new HttpResponse(null, { status: 204 }))]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Personal training' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Service deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/services/1')).toBe(true);
  });

  it('a failed delete is silent', async () => {
    const user = userEvent.setup();
    renderPage([aService()], [http.delete('/api/services/1', () => apiError(500, { message: 'Boom', code: 'internal_error' }))]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Personal training' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Service deleted')).toBeNull();
    expect(screen.queryByText('Boom')).toBeNull();
    // The list is usable again once the dialog has let go of the page (a moment after it closes).
    expect(await screen.findByRole('button', { name: 'Personal training' })).toBeTruthy();
  });
});
