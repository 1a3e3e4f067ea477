/**
 * Runs tasks that share a key one after another in this process, tasks of different keys side by
 * side. Not a lock: other processes are not held back, so whatever must never happen twice is
 * still guarded by the database. It spares the database work that is bound to fail: when many
 * requests race for one thing, each starts once the one before has finished and can see its result,
 * and a task that has seen the thing go can answer those still waiting for it (`turnAway`).
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>();
  /** Per key, the tasks that have not started yet: whose they are, and how to answer them without running. */
  const waiting = new Map<string, Set<{ who: string; turnAway: (err: Error) => void }>>();
  return {
    /** Runs `task` of `who` (a client) once the tasks of `key` queued before it have settled. */
    run<T>(key: string, who: string, task: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve();
      let turnedAway: Error | null = null;
      let answer: (err: Error) => void = () => {}; // set at once: a Promise runs its executor synchronously
      const answered = new Promise<never>((_, reject) => (answer = reject));
      const entry = {
        who,
        turnAway: (err: Error) => {
          turnedAway = err;
          answer(err);
        },
      };
      const queued = waiting.get(key) ?? new Set();
      waiting.set(key, queued.add(entry));
      // The next task waits for this one to settle either way: a failure is its caller's, not the queue's.
      const settled = () => {
        queued.delete(entry);
        if (queued.size === 0 && waiting.get(key) === queued) waiting.delete(key);
        if (turnedAway) throw turnedAway;
        return task();
      };
      const result = before.then(settled, settled);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      // The last task of a key removes the key, so the map holds only keys with work in flight.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      // A turned-away task answers at once, not when its turn would have come.
      return Promise.race([result, answered]);
    },
    /**
     * Answers every task of `key` that has not started with `err` instead of running it, except
     * those of clients `keep` names (whose own task could still answer otherwise). For a caller
     * that has just seen the thing go: each of those requests was in flight at that moment, so
     * the answer is one its own check could have given then.
     */
    turnAway(key: string, err: Error, keep: (who: string) => boolean): void {
      const queued = waiting.get(key);
      for (const entry of queued ?? []) {
        if (keep(entry.who)) continue;
        queued?.delete(entry);
        entry.turnAway(err);
      }
    },
    /** Keys with tasks running or waiting (for tests). */
    get size() {
      return tails.size;
    },
  };
}

export type OneAtATime = ReturnType<typeof oneAtATime>;
