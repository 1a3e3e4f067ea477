import type { ReactNode } from 'react';
import { Segmented } from '../ui/segmented.tsx';

/**
 * A checkout's ways to pay (docs/product-rules.md#confirmation-and-payment-options): tabs only
 * when there is more than one; otherwise the one option's panel on its own.
 */
export function PaymentOptionTabs<T extends string>({
  options,
  value,
  onValueChange,
  labels,
  panel,
}: {
  /** The offered options, in the server's order. */
  options: readonly T[];
  value: T;
  onValueChange: (value: T) => void;
  labels: Record<T, string>;
  panel: (option: T) => ReactNode;
}) {
  const [only] = options;
  if (only === undefined) return null;
  if (options.length === 1) return panel(only);
  return (
    <Segmented
      label="Payment options"
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      // Three options fit a phone's width too: no wrapping, less padding.
      listClassName="flex w-full [&>button]:min-w-0 [&>button]:px-2 [&>button]:whitespace-nowrap sm:[&>button]:px-4"
      items={options.map((option) => ({ value: option, label: labels[option], content: panel(option) }))}
    />
  );
}

/** A payment option's explanation. */
export function PaymentOptionText({ children }: { children: ReactNode }) {
  return <p className="text-sm leading-relaxed text-zinc-600">{children}</p>;
}
