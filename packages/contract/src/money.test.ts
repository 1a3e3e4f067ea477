import { describe, expect, it } from 'vitest';
import { euroAmount, toCents } from './money.ts';

describe('euro amounts', () => {
  it.each([
    [0, 0],
    ['12,5', 12.5],
    ['10000', 10000],
    [19.99, 19.99],
    ['0.10', 0.1],
    ['12', 12],
    ['12.5', 12.5],
    ['12.50', 12.5],
    ['0', 0],
    [1e3, 1000],
  ])('accepts %s', (input, expected) => {
    expect(euroAmount.parse(input)).toBe(expected);
  });

  it.each([
    [10000.01, 'The price must be between €0 and €10,000.'],
    [-1, 'The price must be between €0 and €10,000.'],
    ['1.999', 'The price can have at most two decimals.'],
    ['abc', 'Please enter a price.'],
    ['', 'Please enter a price.'],
    // Text Number() would read, which is not a price (issue item 13).
    ['0x10', 'Please enter a price.'],
    ['1e3', 'Please enter a price.'],
    ['1E3', 'Please enter a price.'],
    ['Infinity', 'Please enter a price.'],
    ['NaN', 'Please enter a price.'],
    [' 12', 'Please enter a price.'],
    ['12 ', 'Please enter a price.'],
    ['+12', 'Please enter a price.'],
    ['12.', 'Please enter a price.'],
    ['.5', 'Please enter a price.'],
    ['12.345', 'The price can have at most two decimals.'],
    ['-1', 'The price must be between €0 and €10,000.'],
    [Infinity, 'Please enter a price.'],
    [NaN, 'Please enter a price.'],
    [12.345, 'The price can have at most two decimals.'],
  ])('refuses %s', (input, message) => {
    const r = euroAmount.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('converts to cents without floating-point drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
  });
});
