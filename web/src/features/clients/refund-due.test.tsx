import '../../test/setup.ts';
import { aConfirmedAppointment, aProvider } from '../../test/generators.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@slotted/contract';
import { renderAt, testQueryClient } from '../../test/render.tsx';
import { http } from 'msw';
import { ok, serveApi } from '../../test/api.ts';
import { ClientPanel } from './components/client-panel.tsx';
import { must } from '../../../../server/test/support/must.ts';

// A booking paid by card, cancelled after the installation's Stripe keys were removed: the provider
// owes the refund by hand (docs/product-rules.md#cancellation-and-refunds).
const grace = { id: 'c1', name: 'Grace Hopper', avatar: null, is_me: false };
const owed = (over: Partial<Appointment> = {}): Appointment =>
  aConfirmedAppointment({
    id: 'a9',
    name: 'Personal training',
    pretty_date: 'Wednesday, 25 November 2026',
    status: 'cancelled',
    cancelled_at: '2026-11-22T09:00:00Z',
    is_mine: false,
    price: 25,
    paid_at: null,
    payment_method: null,
    refund_due: 25,
    refund_due_by_hand: 25,
    refunded: 0,
    client: { id: 'c1', name: 'Grace Hopper', email: 'grace@example.com', avatar: null, phone: null },
    ...over,
  });

function serve() {
  let current = owed();
  return serveApi(
    http.get('/api/me', () => ok(aProvider)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/appointments', ({ request }) => ok(new URL(request.url).searchParams.get('subset') === 'past' ? [current] : [])),
    http.get('/api/memberships', () => ok([])),
    http.get('/api/clients', () => ok([])),
    http.post('/api/appointments/a9/mark-refunded', () => {
      current = owed({ refund_due_by_hand: 0, refunded: 25, refunded_by_hand: 25 });
      return ok(current);
    }),
  );
}

const posts = (calls: { url: string; method: string }[]) => calls.filter((c) => c.method === 'POST').map((c) => c.url);

describe('a refund due by hand', () => {
  it('the client panel shows it on the booking, and Mark as refunded settles it', async () => {
    const calls = serve();
    renderAt(
      <ClientPanel clientId="c1" client={{ ...grace, email: 'grace@example.com', phone: null }} open onOpenChange={() => undefined} />,
      {
        path: '/clients',
        queryClient: testQueryClient(aProvider),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Past/ }));
    const row = must(
      (await screen.findByText('Refund due €25.00')).closest('li'),
      "(await screen.findByText('Refund due €25.00')).closest('li')",
    );
    expect(within(row).getByText(/Give it back by hand, then mark it refunded/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /Mark as refunded/ }));
    await waitFor(() => expect(screen.getByText('Refunded €25.00 by hand')).toBeTruthy());
    expect(posts(calls)).toEqual(['/api/appointments/a9/mark-refunded']);
  });
});
