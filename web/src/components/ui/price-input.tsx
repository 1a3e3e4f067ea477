import { forwardRef } from 'react';
import { PRICE_MAX } from '@slotted/contract';
import { Input, type InputProps } from './field.tsx';

/**
 * Price typing (docs/product-rules.md#limits-and-validation): only digits and one decimal point (a
 * comma becomes a point), at most two decimals, at most PRICE_MAX. Whatever breaks a rule is
 * refused: the previous text is kept.
 */
export function sanitisePriceTyping(next: string, previous: string): string {
  const text = next.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = text.split('.');
  if (rest.length > 1) return previous; // a second decimal point
  const decimals = rest[0];
  if (decimals !== undefined && decimals.length > 2) return previous; // a third decimal
  if (text !== '' && text !== '.' && Number(text) > PRICE_MAX) return previous;
  return decimals === undefined ? whole : `${whole}.${decimals}`;
}

/** On blur a price is padded to two decimals ('12' → '12.00', '.5' → '0.50'); empty stays empty. */
export function padPrice(text: string): string {
  if (text.trim() === '' || text === '.') return '';
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return value.toFixed(2);
}

export interface PriceInputProps extends Omit<InputProps, 'value' | 'onChange' | 'prefix'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A euro amount: '€' prefix (and an optional suffix such as 'per month'), decimal keyboard on
 * phones, the typing rules above, two decimals on blur.
 */
export const PriceInput = forwardRef<HTMLInputElement, PriceInputProps>(function PriceInput({ value, onChange, onBlur, ...props }, ref) {
  return (
    <Input
      ref={ref}
      prefix="€"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      {...props}
      value={value}
      onChange={(event) => onChange(sanitisePriceTyping(event.target.value, value))}
      onBlur={(event) => {
        const padded = padPrice(value);
        if (padded !== value) onChange(padded);
        onBlur?.(event);
      }}
    />
  );
});
