import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { testQueryClient } from '../../test/render.tsx';
import { QueryState } from './query-state.tsx';

/** A list query whose answers the test hands out one by one. */
function setup(answers: (() => string[])[], variant?: 'block' | 'inline') {
  const queryClient = testQueryClient();
  function Fruits() {
    const query = useQuery({
      queryKey: ['fruits'],
      queryFn: () => Promise.resolve().then(() => (answers.shift() ?? (() => []))()),
    });
    return (
      <QueryState query={query} what="your fruits" variant={variant} loading={<p>Loading fruits</p>} empty={<p>No fruits yet</p>}>
        {(fruits) => <p>{fruits.join(', ')}</p>}
      </QueryState>
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Fruits />
    </QueryClientProvider>,
  );
  return queryClient;
}

const fail = () => {
  throw new Error('offline');
};

describe('QueryState', () => {
  it('shows the loading state, then the content', async () => {
    setup([() => ['apple', 'pear']]);
    expect(screen.getByText('Loading fruits')).toBeTruthy();
    expect(await screen.findByText('apple, pear')).toBeTruthy();
  });

  it('shows the empty state for an empty list', async () => {
    setup([() => []]);
    expect(await screen.findByText('No fruits yet')).toBeTruthy();
  });

  it('says what could not be loaded, and Try again loads it', async () => {
    const user = userEvent.setup();
    setup([fail, () => ['plum']]);
    expect(await screen.findByRole('heading', { name: 'We could not load your fruits' })).toBeTruthy();
    expect(screen.getByText('Please check your connection and try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('plum')).toBeTruthy();
  });

  it('inline: one alert line with a Try again link', async () => {
    setup([fail], 'inline');
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load your fruits.Try again');
  });

  it('keeps what was loaded when only a background refresh fails', async () => {
    const queryClient = setup([() => ['fig'], fail]);
    expect(await screen.findByText('fig')).toBeTruthy();
    await act(() => queryClient.refetchQueries({ queryKey: ['fruits'] }));
    expect(screen.getByText('fig')).toBeTruthy();
    expect(screen.queryByText('We could not load your fruits')).toBeNull();
  });
});
