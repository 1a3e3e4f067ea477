import { describe, expect, it } from 'vitest';
import { gatheredLookups } from './gathered-lookups.ts';

/** A lookup whose calls are recorded and answered when told to. */
function controlledLookup() {
  const calls: { keys: string[]; answer: (rows: [string, number][]) => void; fail: (err: Error) => void }[] = [];
  const lookup = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      calls.push({ keys, answer: (rows) => resolve(new Map(rows)), fail: reject });
    });
  return { calls, lookup };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('gatheredLookups', () => {
  it('looks a lone key up at once', async () => {
    const { calls, lookup } = controlledLookup();
    const find = gatheredLookups(lookup);
    const found = find('a');
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    calls[0]?.answer([['a', 1]]);
    expect(await found).toBe(1);
  });

  it('gathers the keys asked while lookups are under way into one lookup, each asker getting its own row', async () => {
    const { calls, lookup } = controlledLookup();
    const find = gatheredLookups(lookup, { inFlight: 1 });
    const first = find('a');
    const rest = ['b', 'c', 'b', 'missing'].map((k) => find(k));
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    calls[0]?.answer([['a', 1]]);
    await settle();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'missing']]);
    calls[1]?.answer([
      ['b', 2],
      ['c', 3],
    ]);
    expect([await first, ...(await Promise.all(rest))]).toEqual([1, 2, 3, 2, undefined]);
  });

  it('runs up to inFlight lookups side by side', () => {
    const { calls, lookup } = controlledLookup();
    const find = gatheredLookups(lookup, { inFlight: 2 });
    for (const k of ['a', 'b', 'c', 'd']) void find(k);
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b']]);
  });

  it('fails every asker of a lookup that fails, and goes on with the next', async () => {
    const { calls, lookup } = controlledLookup();
    const find = gatheredLookups(lookup, { inFlight: 1 });
    const first = find('a');
    const second = find('b');
    const third = find('c');
    calls[0]?.fail(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await settle();
    calls[1]?.fail(new Error('still down'));
    await expect(Promise.all([second, third])).rejects.toThrow('still down');
    const later = find('d');
    await settle();
    calls[2]?.answer([['d', 4]]);
    expect(await later).toBe(4);
  });
});
