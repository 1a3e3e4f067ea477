import { and, or, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * Drizzle's `and` and `or` answer undefined when every condition given is undefined. With one
 * condition that is surely there, the answer is surely a condition: these say so in their type.
 */

/** All of the conditions; the undefined ones are left out. */
export function allOf(first: SQLWrapper, ...rest: (SQLWrapper | undefined)[]): SQL {
  const condition = and(first, ...rest);
  if (!condition) throw new Error('and() of a condition is a condition');
  return condition;
}

/** Any of the conditions; the undefined ones are left out. */
export function anyOf(first: SQLWrapper, ...rest: (SQLWrapper | undefined)[]): SQL {
  const condition = or(first, ...rest);
  if (!condition) throw new Error('or() of a condition is a condition');
  return condition;
}
