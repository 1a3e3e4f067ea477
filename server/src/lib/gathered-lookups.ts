/**
 * Looks rows up by key, gathering the keys asked for while lookups are under way into the next
 * one. A lone request is looked up at once; a burst of requests that each need a row (every
 * request reads its session) sends a few statements for all of them instead of one each, so the
 * pool's connections are not queued with a hundred copies of the same statement (issue 26,
 * bench/README.md "Booking under contention").
 */
export function gatheredLookups<V>(
  lookup: (keys: string[]) => Promise<Map<string, V>>,
  { inFlight = 2 }: { inFlight?: number } = {},
): (key: string) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  let asked = new Map<string, Waiter[]>();
  let running = 0;

  const next = () => {
    if (running >= inFlight || asked.size === 0) return;
    const batch = asked;
    asked = new Map();
    running++;
    lookup([...batch.keys()])
      .then(
        (found) => batch.forEach((waiters, key) => waiters.forEach((w) => w.resolve(found.get(key)))),
        (err: unknown) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(err))),
      )
      .finally(() => {
        running--;
        next();
      });
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      asked.set(key, [...(asked.get(key) ?? []), { resolve, reject }]);
      next();
    });
}
