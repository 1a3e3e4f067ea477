import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { apiError, ok, recordRequests, server } from '../../test/api.ts';
import { aProvider } from '../../test/generators.ts';
import { renderAt, testQueryClient } from '../../test/render.tsx';
import { AccountSettingsPage } from './pages/account-settings-page.tsx';

function renderPage(save: Parameters<typeof http.post>[1]) {
  server.use(http.post('/api/me', save));
  const sent = recordRequests();
  renderAt(<AccountSettingsPage />, { path: '/settings/account', queryClient: testQueryClient(aProvider) });
  return sent;
}

describe('account settings', () => {
  it('sends the profile as multipart, lowercasing the username', async () => {
    const user = userEvent.setup();
    const sent = renderPage(() => ok({ ...aProvider, name: 'Pat P.', username: 'pat-p' }));
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Pat P.');
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'Pat-P');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const body = await sent.find((r) => r.method === 'POST')?.request.formData();
    expect([body?.get('name'), body?.get('username'), body?.get('is_provider')]).toEqual(['Pat P.', 'pat-p', '1']);
  });

  it('turns reminder e-mails off with the switch and sends 0', async () => {
    const user = userEvent.setup();
    const sent = renderPage(() => ok({ ...aProvider, reminders: false }));
    const reminders = screen.getByRole('switch', { name: 'Reminders before my sessions' });
    expect(reminders.getAttribute('aria-checked')).toBe('true');
    await user.click(reminders);
    expect(reminders.getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    const body = await sent.find((r) => r.method === 'POST')?.request.formData();
    expect(body?.get('reminders')).toBe('0');
    expect(screen.getByRole('switch', { name: 'Reminders before my sessions' }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows a 422 under its field and focuses the first one', async () => {
    const user = userEvent.setup();
    renderPage(() =>
      apiError(422, {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { username: ['This username is taken.'], phone: ['Please enter a valid phone number.'] },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('This username is taken.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone')));
    expect(screen.queryByText('Oops!')).toBeNull();
  });

  it('checks the name before sending anything', async () => {
    const user = userEvent.setup();
    const sent = renderPage(() => ok(aProvider));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });
});
