import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

/** A task that finishes when told to, recording when it starts. */
function gate(log: string[], name: string) {
  let open: () => void = () => {}; // set at once: a Promise runs its executor synchronously
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('oneAtATime', () => {
  it('starts a task of a key only after the one before it has finished', async () => {
    const queue = oneAtATime();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const first = queue.run('time 1', 'client', a.task);
    const second = queue.run('time 1', 'client', b.task);
    await tick();
    expect(log).toEqual(['start a']);
    a.open();
    await first;
    await tick();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.open();
    expect(await second).toBe('b');
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = oneAtATime();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const both = Promise.all([queue.run('time 1', 'client', a.task), queue.run('time 2', 'client', b.task)]);
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    a.open();
    b.open();
    expect(await both).toEqual(['a', 'b']);
  });

  it('goes on after a failed task, and the failure reaches only its own caller', async () => {
    const queue = oneAtATime();
    const failed = queue.run('time 1', 'client', () => Promise.reject(new Error('taken')));
    const next = queue.run('time 1', 'client', async () => 'booked');
    await expect(failed).rejects.toThrow('taken');
    expect(await next).toBe('booked');
  });

  it('forgets a key once its last task has finished', async () => {
    const queue = oneAtATime();
    await Promise.all([queue.run('time 1', 'client', async () => 1), queue.run('time 1', 'client', async () => 2)]);
    await tick();
    expect(queue.size).toBe(0);
  });

  it('answers the tasks still waiting, but for the clients it keeps, without running them', async () => {
    const queue = oneAtATime();
    const log: string[] = [];
    const a = gate(log, 'a');
    const first = queue.run('time 1', 'ann', async () => {
      const booked = await a.task();
      queue.turnAway('time 1', new Error('taken'), (who) => who === 'ann');
      return booked;
    });
    const others = queue.run('time 1', 'bob', async () => 'bob booked');
    const again = queue.run('time 1', 'ann', async () => 'ann again');
    const elsewhere = queue.run('time 2', 'cy', async () => 'cy booked');
    a.open();
    expect(await first).toBe('a');
    await expect(others).rejects.toThrow('taken');
    expect(await again).toBe('ann again');
    expect(await elsewhere).toBe('cy booked');
    expect(log).toEqual(['start a', 'end a']);
  });

  it('answers a turned-away task at once, before the task ahead of it has finished', async () => {
    const queue = oneAtATime();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const first = queue.run('time 1', 'ann', a.task);
    const second = queue.run('time 1', 'bob', b.task);
    const third = queue.run('time 1', 'cy', async () => 'cy booked');
    await tick();
    queue.turnAway('time 1', new Error('taken'), (who) => who === 'bob');
    await expect(third).rejects.toThrow('taken');
    expect(log).toEqual(['start a']);
    a.open();
    b.open();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    await tick();
    expect(queue.size).toBe(0);
  });
});
