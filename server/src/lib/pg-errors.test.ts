import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnavailable, isExclusionViolation, isUniqueViolation } from './pg-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As Drizzle hands it over: the driver's error is the cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['connection failure (SQLSTATE 08006)', withCode('08006')],
    ['administrator shutdown (57P01)', withCode('57P01')],
    ['crash shutdown (57P02)', withCode('57P02')],
    ['cannot connect now (57P03)', withCode('57P03')],
    ['too many connections (53300)', withCode('53300')],
    ['statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['idle-in-transaction timeout (25P03)', withCode('25P03')],
    ['client-side query timeout', new Error('Query read timeout')],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['connect timeout', new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') })],
    ['connection lost', new Error('Connection terminated unexpectedly')],
  ])('%s is an outage, also wrapped by Drizzle', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['undefined table', withCode('42P01')],
    ['bad input', withCode('22P02')],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s is not', (_, err) => {
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });
});

describe('constraint violations', () => {
  const unique = Object.assign(withCode('23505'), { constraint: 'users_email_unique' });

  it('are found behind Drizzle and named by constraint', () => {
    expect(isUniqueViolation(wrapped(unique))).toBe(true);
    expect(isUniqueViolation(wrapped(unique), 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(wrapped(unique), 'users_username_unique')).toBe(false);
    expect(isExclusionViolation(wrapped(withCode('23P01')))).toBe(true);
    expect(isExclusionViolation(wrapped(unique))).toBe(false);
  });
});
