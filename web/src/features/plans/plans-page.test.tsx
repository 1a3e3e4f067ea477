import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProviderPlan } from '@slotted/contract';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { routes } from '../../app/router.tsx';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { aClient, aProvider, aProviderPlan, aService } from '../../test/generators.ts';
import { renderAt, renderRoutes, testQueryClient } from '../../test/render.tsx';
import { PlansPage } from './pages/plans-page.tsx';
import { must } from '../../../../server/test/support/must.ts';

const YOGA = aService({ id: 2, name: 'Vinyasa flow', type: 'class', price: 12.5, duration: 75, capacity: 12 });
const PT = aService({ id: 1, name: 'Personal training' });

function renderPage(plans: ProviderPlan[], routes: RequestHandler[] = []) {
  const calls = serveApi(
    http.get('/api/plans', () => ok(plans)),
    http.get('/api/services', () => ok([PT, YOGA])),
    ...routes,
  );
  renderAt(<PlansPage />, { path: '/plans', queryClient: testQueryClient(aProvider) });
  return { calls, user: userEvent.setup() };
}

const PACK = aProviderPlan({
  id: 2,
  name: '5-Session Pack',
  price: 225,
  interval: '',
  expires_in: '3',
  total_sales: { memberships: 1, amount: 0, unpaid: { memberships: 1, amount: 225 } },
  cover: '/images/4b7f1c52-1f0a-4a57-9a43-7b1f0f0d2a11',
});

/** The error message tied to a control by aria-describedby. */
const messageOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .find((text) => text && !text.startsWith('Optional'));

describe('plans page', () => {
  it('lists plans with cover, price per month or one-time, and total sales', async () => {
    renderPage([aProviderPlan(), PACK]);
    const table = await screen.findByRole('table', { name: 'Plans' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price', 'Total sales', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell'));
    expect(cells.map((row) => row.slice(1, 3).map((cell) => cell.textContent))).toEqual([
      ['€79.00/month', '3 sold · €237.00 paid'],
      // An unpaid pack says what is owed, not only '€0.00'.
      ['€225.00', '1 sold · €0.00 paid€225.00 unpaid (1)'],
    ]);
    expect(
      within(must(cells[0]?.[0], "the monthly plan's name cell")).getByRole('button', { name: 'Monthly Flow Membership' }),
    ).toBeTruthy();
    expect(cells[1]?.[0]?.querySelector('img')?.getAttribute('src')).toBe(PACK.cover);
  });

  it('shows the empty state, whose button opens the drawer', async () => {
    const { user } = renderPage([]);
    expect(await screen.findByRole('heading', { name: 'Create your first plan' })).toBeTruthy();
    expect(screen.getByText('Create a monthly plan or a one-time bundle.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    expect(screen.getByRole('dialog', { name: 'Add plan' })).toBeTruthy();
  });

  it('has the Catalog header with Services and Plans tabs', async () => {
    renderPage([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Catalog' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Catalog' })).getAllByRole('link');
    expect(tabs.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Services', '/services', null],
      ['Plans', '/plans', 'page'],
    ]);
    expect(screen.getByRole('button', { name: 'Add plan' })).toBeTruthy();
  });

  it('tells clients the page is for providers', async () => {
    serveApi(http.get('/api/plans', () => apiError(403, { message: 'Forbidden', code: 'forbidden' })));
    renderAt(<PlansPage />, { path: '/plans', queryClient: testQueryClient(aClient) });
    expect(await screen.findByRole('heading', { name: 'This page is for providers' })).toBeTruthy();
  });

  it('is reached from Catalog → Plans in a provider’s navigation', async () => {
    serveApi(
      http.get('/api/me', () => ok(aProvider)),
      http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
      http.get('/api/plans', () => ok([])),
    );
    renderRoutes(routes, { path: '/plans', queryClient: testQueryClient(aProvider) });
    expect(await screen.findByRole('heading', { name: 'Create your first plan' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Plans' });
    expect(links.some((link) => link.closest('nav')?.getAttribute('aria-label') !== 'Catalog')).toBe(true);
  });
});

describe('plan drawer', () => {
  it('creates a plan: multipart with the benefits and service groups as JSON', async () => {
    const { user, calls } = renderPage([], [http.post('/api/plans', () => ok(aProviderPlan({ id: 9, name: 'Premium' }), 201))]);
    await user.click(await screen.findByRole('button', { name: 'Add plan' }));
    const panel = screen.getByRole('dialog', { name: 'Add plan' });

    expect(
      within(panel)
        .getByRole('radio', { name: /Membership/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(within(panel).getByText('per month')).toBeTruthy();
    expect(within(panel).getByText('Optional, size 1600 x 900 (16:9), up to 2MB')).toBeTruthy();
    await user.type(within(panel).getByLabelText('Name'), 'Premium');
    expect(within(panel).getByLabelText('Name').getAttribute('placeholder')).toBe('e.g. Premium Plan');
    await user.type(within(panel).getByLabelText('Price'), '79,5');

    await user.click(within(panel).getByRole('button', { name: 'Add benefit' }));
    const benefit = within(panel).getByLabelText('Benefit 1');
    expect(benefit.getAttribute('placeholder')).toBe('e.g. 5 class passes included');
    await user.type(benefit, 'Free mat');
    await user.click(within(panel).getByRole('button', { name: 'Add benefit' }));
    await user.type(within(panel).getByLabelText('Benefit 2'), 'Towel');
    await user.click(within(panel).getByRole('button', { name: 'Remove benefit 1' }));

    await user.click(within(panel).getByRole('button', { name: 'Add service' }));
    const services = within(panel).getByRole('combobox', { name: 'Services' });
    expect(services.textContent).toContain('Select one or more services');
    await user.click(services);
    await user.click(await screen.findByRole('option', { name: /Vinyasa flow/ }));
    await user.click(screen.getByRole('option', { name: /Personal training/ }));
    await user.keyboard('{Escape}');
    const quantity = within(panel).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '8.5');
    expect((quantity as HTMLInputElement).value).toBe('85');
    await user.clear(quantity);
    await user.type(quantity, '8');

    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Plan created')).toBeTruthy();
    const body = await calls.find((c) => c.method === 'POST' && c.url === '/api/plans')?.request.formData();
    expect(Object.fromEntries(body?.entries() ?? [])).toEqual({
      name: 'Premium',
      description: '',
      price: '79.5',
      interval: 'month',
      benefits: '["Towel"]',
      services: '[{"quantity":8,"services":[2,1]}]',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a single payment is valid for 12, 6, 3 or 1 months and costs one-time', async () => {
    const { user, calls } = renderPage([PACK], [http.post('/api/plans/2', () => ok(PACK))]);
    await user.click(await screen.findByRole('button', { name: '5-Session Pack' }));
    const panel = screen.getByRole('dialog', { name: 'Edit plan' });
    expect(
      within(panel)
        .getByRole('radio', { name: /Single payment/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(within(panel).getByText('one-time')).toBeTruthy();
    expect((within(panel).getByLabelText('Price') as HTMLInputElement).value).toBe('225.00');
    expect(within(panel).getByRole('img', { name: 'Image preview' }).getAttribute('src')).toBe(PACK.cover);

    const validFor = within(panel).getByRole('combobox', { name: 'Valid for' });
    expect(validFor.textContent).toContain('3 months');
    await user.click(validFor);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['12 months', '6 months', '3 months', '1 month']);
    await user.click(screen.getByRole('option', { name: '6 months' }));

    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Plan updated')).toBeTruthy();
    const body = await calls.find((c) => c.method === 'POST')?.request.formData();
    expect([body?.get('interval'), body?.get('expires_in'), body?.get('price'), body?.has('cover_upload')]).toEqual([
      '',
      '6',
      '225',
      false,
    ]);

    await user.click(screen.getByRole('button', { name: '5-Session Pack' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit plan' })).getByRole('radio', { name: /Membership/ }));
    expect(screen.queryByRole('combobox', { name: 'Valid for' })).toBeNull();
    expect(screen.getByText('per month')).toBeTruthy();
  });

  it('shows 422 errors under their fields and focuses the first', async () => {
    const { user } = renderPage(
      [aProviderPlan({ benefits: ['One', 'Two'] })],
      [
        http.post('/api/plans/1', () =>
          apiError(422, {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: {
              name: ['That name is taken.'],
              price: ['The price can be at most 10000.'],
              'benefits.1': ['A benefit can be at most 200 characters.'],
              'services.0.quantity': ['The quantity must be between 1 and 1000.'],
              'services.0.services': ['Select one or more services.'],
            },
          }),
        ),
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Monthly Flow Membership' }));
    const panel = screen.getByRole('dialog', { name: 'Edit plan' });
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    const name = within(panel).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(name)).toBe('That name is taken.');
    expect(messageOf(within(panel).getByLabelText('Price'))).toBe('The price can be at most 10000.');
    expect(messageOf(within(panel).getByLabelText('Benefit 2'))).toBe('A benefit can be at most 200 characters.');
    expect(within(panel).getByLabelText('Benefit 1').getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(within(panel).getByLabelText('Quantity'))).toBe('The quantity must be between 1 and 1000.');
    expect(messageOf(within(panel).getByRole('combobox', { name: 'Services' }))).toBe('Select one or more services.');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.queryByText('Oops!')).toBeNull();
  });

  it('checks the form before sending', async () => {
    const { user, calls } = renderPage([]);
    await user.click(await screen.findByRole('button', { name: 'Add plan' }));
    const panel = screen.getByRole('dialog', { name: 'Add plan' });
    await user.click(within(panel).getByRole('button', { name: 'Add service' }));
    await user.clear(within(panel).getByLabelText('Quantity'));
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    expect(within(panel).getByText('Please enter a name.')).toBeTruthy();
    expect(within(panel).getByText('Please enter a price.')).toBeTruthy();
    expect(within(panel).getByText('Please enter the quantity.')).toBeTruthy();
    expect(within(panel).getByText('Select one or more services.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('other save failures are silent', async () => {
    const { user } = renderPage(
      [aProviderPlan()],
      [http.post('/api/plans/1', () => apiError(500, { message: 'Boom', code: 'internal_error' }))],
    );
    await user.click(await screen.findByRole('button', { name: 'Monthly Flow Membership' }));
    const panel = screen.getByRole('dialog', { name: 'Edit plan' });
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save changes' }).getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByText('Boom')).toBeNull();
    expect(screen.queryByText('Oops!')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit plan' })).toBeTruthy();
  });

  it('refuses an image over 2 MB with the Oops toast, and sends a picked one', async () => {
    const { user, calls } = renderPage([], [http.post('/api/plans', () => ok(aProviderPlan({ id: 9 }), 201))]);
    await user.click(await screen.findByRole('button', { name: 'Add plan' }));
    const panel = screen.getByRole('dialog', { name: 'Add plan' });
    const input = within(panel).getByTestId('image-file') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['image/webp', 'image/jpeg', 'image/png', '.jpg', '.jpeg']));

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('That image is too big—max size is 2 MB.')).toBeTruthy();
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(input.value).toBe('');
    expect(within(panel).getByRole('button', { name: 'Upload image' })).toBeTruthy();

    const small = new File([new Uint8Array(10)], 'cover.webp', { type: 'image/webp' });
    fireEvent.change(input, { target: { files: [small] } });
    expect(within(panel).getByRole('button', { name: 'Change image' })).toBeTruthy();
    await user.type(within(panel).getByLabelText('Name'), 'Premium');
    await user.type(within(panel).getByLabelText('Price'), '10');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = await calls.find((c) => c.method === 'POST')?.request.formData();
    expect((body?.get('cover_upload') as Blob | null)?.size).toBe(10);
  });
});

describe('deleting a plan', () => {
  it('asks first, then deletes', async () => {
    const { user, calls } = renderPage([aProviderPlan()], [http.delete('/api/plans/1', () => new HttpResponse(null, { status: 204 }))]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Monthly Flow Membership' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('New clients will not be able to buy it, but current clients will remain.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Plan deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/plans/1')).toBe(true);
  });

  it('a failed delete is silent', async () => {
    const { user } = renderPage(
      [aProviderPlan()],
      [http.delete('/api/plans/1', () => apiError(500, { message: 'Boom', code: 'internal_error' }))],
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for Monthly Flow Membership' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Plan deleted')).toBeNull();
    expect(screen.queryByText('Boom')).toBeNull();
    // The list is usable again once the dialog has let go of the page (a moment after it closes).
    expect(await screen.findByRole('button', { name: 'Monthly Flow Membership' })).toBeTruthy();
  });
});
