import { z } from 'zod';
import { PRICE_MAX } from './constants.ts';

/** How a price is written as text: digits, then a point (or a comma, docs/product-rules.md) and at most two decimals; a minus only to be told the range. */
const PRICE_TEXT = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A euro amount as the API speaks it: a number with at most two decimals, 0 to PRICE_MAX.
 * Forms (multipart ones too) send strings: only plain decimals ("12", "12.5", "12,5") are read,
 * never what Number() would also take ("0x10", "1e3", " 12", "+12", "12.", ".5", "Infinity").
 */
export const euroAmount = z
  .union(
    [
      z.number(),
      z
        .string()
        .min(1, 'Please enter a price.')
        .refine((s) => PRICE_TEXT.test(s), 'Please enter a price.')
        .transform((s) => Number(s.replace(',', '.'))),
    ],
    { error: 'Please enter a price.' },
  )
  .refine((n) => Number.isFinite(n), 'Please enter a price.')
  .refine((n) => n >= 0 && n <= PRICE_MAX, `The price must be between €0 and €${PRICE_MAX.toLocaleString('en')}.`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The price can have at most two decimals.');

export const toCents = (euros: number): number => Math.round(euros * 100);
export const fromCents = (cents: number): number => cents / 100;

/** A euro amount as people read it: '€45.00'. */
export const euroText = (euros: number): string => `€${euros.toFixed(2)}`;
