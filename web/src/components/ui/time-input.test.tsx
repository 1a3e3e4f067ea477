import '../../test/setup.ts';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog.tsx';
import { Field } from './field.tsx';
import { normaliseTypedTime, timeChoices, TimeInput } from './time-input.tsx';
import { must } from '../../../../server/test/support/must.ts';

function Harness({ initial = '09:00' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeInput aria-label="Start" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('time input', () => {
  it('offers a choice every 15 minutes', () => {
    const choices = timeChoices();
    expect(choices).toHaveLength(96);
    expect(choices.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(choices.at(-1)).toBe('23:45');
  });

  it('normalises free typing like the contract, reading 3–4 digits and dots as hours and minutes', () => {
    expect(normaliseTypedTime('9')).toBe('09:00');
    expect(normaliseTypedTime('930')).toBe('09:30');
    expect(normaliseTypedTime('2315')).toBe('23:15');
    expect(normaliseTypedTime('9.45')).toBe('09:45');
    expect(normaliseTypedTime('9h30')).toBe('09:30');
    expect(normaliseTypedTime('25:70')).toBe('23:59');
    expect(normaliseTypedTime('7:5')).toBe('07:05');
    expect(normaliseTypedTime('')).toBe('00:00');
  });

  it('commits typed text on blur', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Start' });
    await user.clear(input);
    await user.type(input, '1745');
    expect(screen.getByTestId('value').textContent).toBe('09:00');
    await user.tab();
    expect(screen.getByTestId('value').textContent).toBe('17:45');
    expect((input as HTMLInputElement).value).toBe('17:45');
  });

  it('arrow keys move through the choices from the current time; Enter takes one', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10:00" />);
    const input = screen.getByRole('combobox', { name: 'Start' });
    await user.click(input);
    const list = screen.getByRole('listbox');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getByRole('option', { name: '10:00' }).getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(
      document.getElementById(must(input.getAttribute('aria-activedescendant'), "input.getAttribute('aria-activedescendant')"))
        ?.textContent,
    ).toBe('10:30');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('10:30');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click on a choice takes it; Escape drops unfinished typing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Start' }) as HTMLInputElement;
    await user.click(input);
    await user.click(screen.getByRole('option', { name: '13:15' }));
    expect(screen.getByTestId('value').textContent).toBe('13:15');

    await user.clear(input);
    await user.type(input, '8');
    await user.keyboard('{Escape}');
    expect(input.value).toBe('13:15');
    expect(screen.getByTestId('value').textContent).toBe('13:15');
  });

  it('PageDown jumps four choices; Home and End stay with the typed text', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10:00" />);
    const input = screen.getByRole('combobox', { name: 'Start' }) as HTMLInputElement;
    await user.click(input);
    await user.keyboard('{PageDown}');
    expect(
      document.getElementById(must(input.getAttribute('aria-activedescendant'), "input.getAttribute('aria-activedescendant')"))
        ?.textContent,
    ).toBe('11:00');
    await user.keyboard('{End}');
    expect(
      document.getElementById(must(input.getAttribute('aria-activedescendant'), "input.getAttribute('aria-activedescendant')"))
        ?.textContent,
    ).toBe('11:00');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('11:00');
  });

  it('Enter in a closed field still submits the form around it', async () => {
    const user = userEvent.setup();
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <Harness />
        <button type="submit">Save</button>
      </form>,
    );
    screen.getByRole('combobox', { name: 'Start' }).focus();
    await user.keyboard('{Enter}');
    expect(submit).toHaveBeenCalledOnce();
  });

  describe('with the keyboard alone', () => {
    const highlighted = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;

    it('ArrowDown opens the list at the current time; arrows move, Enter takes one and closes', async () => {
      const user = userEvent.setup();
      render(<Harness initial="09:00" />);
      await user.tab();
      const input = screen.getByRole('combobox', { name: 'Start' });
      expect(document.activeElement).toBe(input);
      expect(input.getAttribute('aria-expanded')).toBe('false');
      expect(input.getAttribute('aria-haspopup')).toBe('listbox');

      await user.keyboard('{ArrowDown}');
      const list = screen.getByRole('listbox', { name: 'Times' });
      expect(input.getAttribute('aria-expanded')).toBe('true');
      expect(input.getAttribute('aria-controls')).toBe(list.id);
      expect(within(list).getAllByRole('option')).toHaveLength(96);
      expect(highlighted(input)).toBe('09:00');

      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
      expect(highlighted(input)).toBe('09:15');
      await user.keyboard('{Enter}');
      expect(screen.getByTestId('value').textContent).toBe('09:15');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(input.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(input);
    });

    it('typing opens the list at the nearest choice; Enter commits the typed time, not the highlight', async () => {
      const user = userEvent.setup();
      render(<Harness initial="09:00" />);
      const input = screen.getByRole('combobox', { name: 'Start' }) as HTMLInputElement;
      await user.click(input);
      await user.keyboard('{Escape}');
      await user.clear(input);
      await user.type(input, '17.4');
      expect(screen.getByRole('listbox', { name: 'Times' })).toBeTruthy();
      expect(highlighted(input)).toBe('17:00');
      expect(screen.getByTestId('value').textContent).toBe('09:00');

      await user.keyboard('{Enter}');
      expect(screen.getByTestId('value').textContent).toBe('17:04');
      expect(input.value).toBe('17:04');
      expect(screen.queryByRole('listbox')).toBeNull();
    });

    it('an impossible time is clamped as before and a Field’s error names and describes the input', async () => {
      const user = userEvent.setup();
      function InField() {
        const [value, setValue] = useState('09:00');
        return (
          <Field label="End time" error={value === '23:59' ? 'The end must be after the start.' : null}>
            <TimeInput name="until_time" value={value} onChange={setValue} />
          </Field>
        );
      }
      render(<InField />);
      const input = screen.getByRole('combobox', { name: 'End time' }) as HTMLInputElement;
      expect(input.name).toBe('until_time');
      expect(input.getAttribute('aria-invalid')).toBeNull();

      await user.clear(input);
      await user.type(input, '25:70');
      await user.keyboard('{Enter}');
      expect(input.value).toBe('23:59');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain('The end must be after the start.');
    });

    it('Escape closes the list and drops the typing, leaving a dialog around it open; the next Escape closes the dialog', async () => {
      const user = userEvent.setup();
      function InDialog() {
        const [open, setOpen] = useState(true);
        return (
          <Dialog open={open} onOpenChange={setOpen} title="Add time off">
            <Harness initial="10:00" />
          </Dialog>
        );
      }
      render(<InDialog />);
      const dialog = screen.getByRole('dialog', { name: 'Add time off' });
      const input = within(dialog).getByRole('combobox', { name: 'Start' }) as HTMLInputElement;
      await user.click(input);
      // Inside a dialog, the list lives in the dialog (its outside is inert).
      expect(dialog.contains(screen.getByRole('listbox'))).toBe(true);
      await user.click(within(dialog).getByRole('option', { name: '10:45' }));
      expect(screen.getByTestId('value').textContent).toBe('10:45');

      await user.clear(input);
      await user.type(input, '8');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(input.value).toBe('10:45');
      expect(screen.getByRole('dialog', { name: 'Add time off' })).toBeTruthy();

      await user.keyboard('{ArrowDown}');
      expect(screen.getByRole('listbox')).toBeTruthy();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Add time off' })).toBeTruthy();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('Tab closes the list and commits the typing without taking the highlight', async () => {
      const user = userEvent.setup();
      render(
        <>
          <Harness initial="09:00" />
          <button type="button">Next</button>
        </>,
      );
      const input = screen.getByRole('combobox', { name: 'Start' }) as HTMLInputElement;
      await user.click(input);
      await user.keyboard('{ArrowDown}{ArrowDown}');
      await user.clear(input);
      await user.type(input, '7');
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByTestId('value').textContent).toBe('07:00');
      expect(screen.queryByRole('listbox')).toBeNull();
    });
  });
});
