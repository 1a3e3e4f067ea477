import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, type SelectOption } from './select.tsx';
import { SidePanel } from './side-panel.tsx';

const options: SelectOption[] = [
  { title: 'Yoga', value: 'yoga', detail: '60 min' },
  { title: 'Pilates', value: 'pilates' },
  { title: 'Boxing (full)', value: 'boxing', selectable: false },
  { title: 'Spinning', value: 'spinning' },
];

function Single({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MemoryRouter>
      <Select aria-label="Service" options={options} value={value} onChange={setValue} />
      <output data-testid="value">{value ?? ''}</output>
    </MemoryRouter>
  );
}

function Multiple() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MemoryRouter>
      <Select aria-label="Services" multiple options={options} value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </MemoryRouter>
  );
}

const combobox = () => screen.getByRole('combobox');
const value = () => screen.getByTestId('value').textContent;

describe('select', () => {
  it('shows the default placeholder until something is chosen', () => {
    render(<Single />);
    expect(combobox().textContent).toContain('Select an option');
  });

  it('single: closes after choosing and shows the choice', async () => {
    const user = userEvent.setup();
    render(<Single />);

    await user.click(combobox());
    const listbox = screen.getByRole('listbox');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    await user.click(within(listbox).getByRole('option', { name: /Pilates/ }));

    expect(value()).toBe('pilates');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox().textContent).toContain('Pilates');
  });

  it('multiple: stays open and toggles values', async () => {
    const user = userEvent.setup();
    render(<Multiple />);

    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: /Yoga/ }));
    await user.click(screen.getByRole('option', { name: /Spinning/ }));

    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    expect(value()).toBe('yoga,spinning');
    expect(screen.getByRole('option', { name: /Yoga/ }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('option', { name: /Yoga/ }));

    expect(value()).toBe('spinning');
    expect(screen.getByRole('option', { name: /Yoga/ }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('ignores options that are not selectable', async () => {
    const user = userEvent.setup();
    render(<Single />);

    await user.click(combobox());
    const boxing = screen.getByRole('option', { name: /Boxing/ });
    expect(boxing.getAttribute('aria-disabled')).toBe('true');
    await user.click(boxing);

    expect(value()).toBe('');
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('works with the keyboard: arrows skip unselectable options, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    render(<Single initial="pilates" />);

    combobox().focus();
    await user.keyboard('{ArrowDown}');
    // Opens with focus on the current choice; the next choosable option after Pilates is Spinning.
    expect(document.activeElement).toBe(screen.getByRole('option', { name: /Pilates/ }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('option', { name: /Spinning/ }));
    await user.keyboard('{Enter}');
    expect(value()).toBe('spinning');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(value()).toBe('spinning');
  });

  it('in a dialog: the list works, and Escape closes only the list', async () => {
    const user = userEvent.setup();
    render(
      <SidePanel open onOpenChange={() => {}} title="Edit">
        <Single />
      </SidePanel>,
    );

    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: /Yoga/ }));
    expect(value()).toBe('yoga');

    await user.click(combobox());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeTruthy();
    expect(document.activeElement).toBe(combobox());
  });

  it('searchable: filters by title, detail and keywords; a link option navigates in the app', async () => {
    const user = userEvent.setup();
    const withLink: SelectOption[] = [
      ...options,
      { title: 'Kickboxing', value: 'kick', keywords: 'martial arts' },
      { title: 'Create a service', value: 'new', href: '/services/new' },
    ];
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<Select aria-label="Service" searchable options={withLink} value={null} onChange={() => {}} />} />
          <Route path="/services/new" element={<p>New service page</p>} />
        </Routes>
      </MemoryRouter>,
    );

    await user.click(combobox());
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    await user.keyboard('martial');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kickboxing']);
    await user.clear(search);
    await user.keyboard('60 min');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Yoga60 min']);
    await user.clear(search);

    await user.click(screen.getByRole('option', { name: 'Create a service' }));
    expect(await screen.findByText('New service page')).toBeTruthy();
  });

  it('closes on an outside click', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Single />
        <button type="button">elsewhere</button>
      </>,
    );

    await user.click(combobox());
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));

    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
