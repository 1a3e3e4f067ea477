/**
 * Runs tasks that share a key one after another in this process, tasks of different keys side by
 * side. Not a lock: other processes are not held back, so whatever must never happen twice is
 * still guarded by the database. It spares the database work that is bound to fail: when many
 * requests race for one thing, each starts once the one before has finished and can see its result.
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve();
      // The next task waits for this one to settle either way: a failure is its caller's, not the queue's.
      const result = before.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      // The last task of a key removes the key, so the map holds only keys with work in flight.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    /** Keys with tasks running or waiting (for tests). */
    get size() {
      return tails.size;
    },
  };
}

export type OneAtATime = ReturnType<typeof oneAtATime>;
