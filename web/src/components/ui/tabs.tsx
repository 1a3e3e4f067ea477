import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

const listClasses = 'flex gap-1 overflow-x-auto border-b border-zinc-200 [scrollbar-width:none]';
const tabClasses =
  'relative -mb-px inline-flex h-10 shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-zinc-500 transition-colors ' +
  'hover:text-zinc-900 focus-visible:rounded-md focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500';
// border-b-*: a side's colour comes after the all-sides border-transparent in Tailwind's order, so it wins.
const activeClasses = 'border-b-brand-600 text-zinc-900';

/**
 * A tab panel is a Tab stop of its own (Radix, after the WAI-ARIA tabs pattern: a panel may start
 * with text, not a control), so it shows the same focus ring as every other stop.
 */
export const panelFocusClasses = 'rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500';

export interface TabLink {
  label: ReactNode;
  to: string;
  /** Active only on the exact path (e.g. '/schedule' must not stay active on '/schedule/past'). */
  end?: boolean;
}

/** Tabs that are pages: each tab is a link, the current one marked with aria-current. */
export function TabLinks({ tabs, label, className }: { tabs: TabLink[]; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn(listClasses, className)}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => cn(tabClasses, isActive && activeClasses)}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/** Tabs within a page (buttons, arrow-key navigation, tabpanels) — Radix Tabs. */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  className,
}: {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label: string;
  className?: string;
}) {
  return (
    <RadixTabs.Root value={value} defaultValue={defaultValue ?? items[0]?.value} onValueChange={onValueChange} className={className}>
      <RadixTabs.List aria-label={label} className={listClasses}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(tabClasses, 'data-[state=active]:border-brand-600 data-[state=active]:text-zinc-900')}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={cn('pt-4', panelFocusClasses)}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
