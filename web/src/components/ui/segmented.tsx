import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { panelFocusClasses } from './tabs.tsx';

export interface SegmentItem {
  value: string;
  label: ReactNode;
  /** A small count after the label. */
  count?: number;
  content: ReactNode;
}

/**
 * A segmented control switching between panels of one page (e.g. Plans and Services on a public
 * profile). Radix Tabs underneath: tab and tabpanel roles, arrow keys move between segments.
 */
export function Segmented({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  className,
  listClassName,
}: {
  items: SegmentItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label: string;
  className?: string;
  listClassName?: string;
}) {
  return (
    <RadixTabs.Root value={value} defaultValue={defaultValue ?? items[0]?.value} onValueChange={onValueChange} className={className}>
      <RadixTabs.List
        aria-label={label}
        className={cn('inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-zinc-200/60 p-1 [scrollbar-width:none]', listClassName)}
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              'inline-flex h-9 min-w-24 flex-1 shrink-0 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium text-zinc-600 transition-all',
              'hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
              'data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm data-[state=active]:ring-1 data-[state=active]:ring-black/5',
            )}
          >
            {item.label}
            {item.count !== undefined && (
              <span className="rounded-full bg-zinc-900/5 px-1.5 text-xs font-semibold tabular-nums text-zinc-500">{item.count}</span>
            )}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={cn('pt-6', panelFocusClasses)}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
