import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { Field, Input } from '../../components/ui/field.tsx';
import { renderAt } from '../../test/render.tsx';
import { ApiRequestError } from '../api-client.ts';
import { useApiForm, type FormSchema } from './use-api-form.ts';

const schema = z.object({
  name: z.string().min(1, 'Please enter a name.'),
  city: z.string().min(1, 'Please enter a city.'),
});

// How a public page passes its schema: zod loads with the form's first check.
const loadSchema = () => Promise.resolve(schema);

/** A two-field form whose save fails with `error` (or succeeds when there is none). */
function TestForm({ error, schema: formSchema = schema }: { error?: unknown; schema?: FormSchema<z.infer<typeof schema>> }) {
  const { form, ref, submit, failed, errorOf } = useApiForm(formSchema, { defaultValues: { name: '', city: '' } });
  return (
    <form ref={ref} noValidate onSubmit={submit(() => (error ? failed(error) : undefined))}>
      <Field label="Name" error={errorOf('name')}>
        <Input {...form.register('name')} />
      </Field>
      <Field label="City" error={errorOf('city')}>
        <Input {...form.register('city')} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

const unprocessable = (errors: Record<string, string[]>) =>
  new ApiRequestError(422, 'The given data was invalid.', 'validation_failed', errors);

describe('useApiForm', () => {
  it('checks the fields with the schema and focuses the first one with an error', async () => {
    const user = userEvent.setup();
    renderAt(<TestForm />);
    await user.type(screen.getByLabelText('City'), 'Madrid');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a name.')).toBeTruthy();
    expect(screen.queryByText('Please enter a city.')).toBeNull();
    // The focus follows the message by up to a frame: the reveal looks for the first invalid
    // field each frame until the messages have rendered.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('puts a 422’s messages under their fields and focuses the first on the page', async () => {
    const user = userEvent.setup();
    renderAt(<TestForm error={unprocessable({ city: ['We do not serve this city.'], name: ['This name is taken.'] })} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('City'), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('We do not serve this city.')).toBeTruthy();
    expect(screen.getByText('This name is taken.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('clears a field’s message when it is edited', async () => {
    const user = userEvent.setup();
    renderAt(<TestForm error={unprocessable({ city: ['We do not serve this city.'] })} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('City'), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('We do not serve this city.')).toBeTruthy();
    await user.type(screen.getByLabelText('City'), 's');
    expect(screen.queryByText('We do not serve this city.')).toBeNull();
  });

  it('loads a schema given as its import on the first check, with the same messages', async () => {
    const user = userEvent.setup();
    renderAt(<TestForm schema={loadSchema} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a city.')).toBeTruthy();
    expect(screen.queryByText('Please enter a name.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('City')));
  });

  it('says a 422 about no field of the form in a toast', async () => {
    const user = userEvent.setup();
    renderAt(<TestForm error={unprocessable({ country: ['Unknown country.'] })} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('City'), 'Lima');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The given data was invalid.')).toBeTruthy();
    expect(screen.getByText('Oops!')).toBeTruthy();
  });
});
