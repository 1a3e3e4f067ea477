import '../../test/setup.ts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { TOAST_EXIT_MS } from '@slotted/contract';
import { ToastProvider, useToast, type ToastOptions } from './toast.tsx';
import { must } from '../../../../server/test/support/must.ts';

function Trigger({ options }: { options: (n: number) => ToastOptions }) {
  const { toast } = useToast();
  let n = 0;
  return (
    <button type="button" onClick={() => toast(options(++n))}>
      notify
    </button>
  );
}

function setup(options: (n: number) => ToastOptions = (n) => ({ title: `Toast ${n}`, description: `Details ${n}` })) {
  render(
    <ToastProvider>
      <Trigger options={options} />
    </ToastProvider>,
  );
  const notify = () => fireEvent.click(screen.getByRole('button', { name: 'notify' }));
  const visibleTitles = () =>
    within(screen.getByRole('region', { name: /notifications/i }))
      .queryAllByRole('listitem')
      .map((li) => li.querySelector('.font-semibold')?.textContent);
  return { notify, visibleTitles };
}

describe('toasts', () => {
  // The layer loads with the first toast of the app (toast.tsx): once it has, toasts show at once.
  beforeAll(async () => {
    setup().notify();
    await screen.findByRole('region', { name: /notifications/i });
    cleanup();
  });

  it('shows nothing before the first toast', () => {
    setup();
    expect(screen.queryByRole('region', { name: /notifications/i })).toBeNull();
  });

  it('shows title and description', () => {
    const { notify } = setup();
    notify();

    const toast = within(screen.getByRole('region', { name: /notifications/i })).getByRole('listitem');
    expect(toast.textContent).toContain('Toast 1');
    expect(toast.textContent).toContain('Details 1');
  });

  it('shows at most 5: a sixth pushes the oldest out', () => {
    const { notify, visibleTitles } = setup();
    for (let i = 0; i < 6; i++) notify();

    expect(visibleTitles()).toEqual(['Toast 2', 'Toast 3', 'Toast 4', 'Toast 5', 'Toast 6']);
  });

  it('closes with its close button', () => {
    const { notify, visibleTitles } = setup();
    notify();
    notify();

    const first = must(within(screen.getByRole('region', { name: /notifications/i })).getAllByRole('listitem')[0], 'a first toast');
    fireEvent.click(within(first).getByRole('button', { name: 'Close' }));

    expect(visibleTitles()).toEqual(['Toast 2']);
  });

  it('closes by itself after its duration', () => {
    vi.useFakeTimers();
    try {
      const { notify, visibleTitles } = setup((n) => ({ title: `Toast ${n}`, duration: 1000 }));
      notify();
      expect(visibleTitles()).toEqual(['Toast 1']);

      act(() => vi.advanceTimersByTime(999));
      expect(visibleTitles()).toEqual(['Toast 1']);

      act(() => vi.advanceTimersByTime(1 + TOAST_EXIT_MS));
      expect(visibleTitles()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
