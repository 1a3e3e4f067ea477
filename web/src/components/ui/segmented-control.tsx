import type { ReactNode } from 'react';
import { RadioGroup } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { useFieldControl } from './field.tsx';

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A second, quieter line under the label. */
  detail?: ReactNode;
}

/**
 * A choice between a few options shown side by side (Radix RadioGroup: one tab stop, arrow keys
 * move the choice). A radio group is not labelable by <label for>: give it an aria-label (or
 * aria-labelledby); inside a Field it picks up the field's hint and error.
 */
export function SegmentedControl<V extends string>({
  value,
  onChange,
  options,
  className,
  size = 'm',
  ...aria
}: {
  value: V;
  onChange: (value: V) => void;
  options: SegmentedOption<V>[];
  className?: string;
  size?: 's' | 'm';
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const field = useFieldControl();
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(next) => onChange(next as V)}
      orientation="horizontal"
      aria-label={aria['aria-label']}
      aria-labelledby={aria['aria-labelledby']}
      aria-describedby={field['aria-describedby']}
      aria-invalid={field['aria-invalid']}
      id={field.id}
      className={cn('flex w-full gap-1 rounded-xl bg-zinc-100 p-1', className)}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            'flex min-w-0 flex-1 flex-col items-center justify-center rounded-lg px-3 text-center transition-colors',
            size === 's' ? 'h-8 text-sm' : option.detail ? 'py-2' : 'h-9',
            'text-zinc-600 hover:text-zinc-900',
            'data-[state=checked]:bg-white data-[state=checked]:text-zinc-900 data-[state=checked]:shadow-sm data-[state=checked]:ring-1 data-[state=checked]:ring-zinc-200',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          )}
        >
          <span className={cn('truncate font-medium', size === 's' ? 'text-sm' : 'text-[15px] sm:text-sm')}>{option.label}</span>
          {option.detail && <span className="truncate text-xs text-zinc-600">{option.detail}</span>}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
