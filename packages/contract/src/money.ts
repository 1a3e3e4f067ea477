import { z } from 'zod';
import { PRICE_MAX } from './constants.ts';

/**
 * A euro amount as the API speaks it: a number with at most two decimals, 0 to PRICE_MAX.
 * Forms may send strings ("12,5" becomes 12.5).
 */
export const euroAmount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .min(1, 'Please enter a price.')
        .transform((s) => s.replace(',', '.')),
    ],
    { error: 'Please enter a price.' },
  )
  .pipe(z.coerce.number({ error: 'Please enter a price.' }))
  .refine((n) => Number.isFinite(n), 'Please enter a price.')
  .refine((n) => n >= 0 && n <= PRICE_MAX, `The price must be between €0 and €${PRICE_MAX.toLocaleString('en')}.`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The price can have at most two decimals.');

export const toCents = (euros: number): number => Math.round(euros * 100);
export const fromCents = (cents: number): number => cents / 100;

/** A euro amount as people read it: '€45.00'. */
export const euroText = (euros: number): string => `€${euros.toFixed(2)}`;
