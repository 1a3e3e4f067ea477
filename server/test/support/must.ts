/**
 * The value a test relies on, or a failure that says what was missing: for an index, a find or
 * an optional field the test has just arranged to be there. Throwing fails the test with
 * `what` in its message, where a non-null assertion would fail later on `undefined`.
 *
 * No Vitest here: the benchmarks and the web's tests use it too.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found ${String(value)}`);
  return value;
}
