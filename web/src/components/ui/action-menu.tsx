import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { EllipsisVerticalIcon } from 'lucide-react';

export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  /** Destructive actions (Delete) are drawn in red. */
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A row's "⋯" menu (Radix DropdownMenu: arrow keys, typeahead, Escape, focus return). Clicks on the
 * trigger and the menu do not reach the row underneath, whose own click opens it for editing.
 */
export function ActionMenu({ label, items, className }: { label: string; items: ActionMenuItem[]; className?: string }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-500 transition-colors',
          'hover:bg-zinc-100 hover:text-zinc-800 data-[state=open]:bg-zinc-100 data-[state=open]:text-zinc-800',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          className,
        )}
      >
        <EllipsisVerticalIcon className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={12}
          onClick={(event) => event.stopPropagation()}
          className={cn(
            'z-50 min-w-40 rounded-xl border border-zinc-200 bg-white p-1 shadow-xl shadow-zinc-900/10',
            'data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out',
          )}
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={item.onSelect}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-[15px] outline-none select-none sm:text-sm',
                'data-disabled:pointer-events-none data-disabled:opacity-50',
                item.danger ? 'text-red-600 data-highlighted:bg-red-50' : 'text-zinc-800 data-highlighted:bg-zinc-100',
              )}
            >
              {item.icon && <span className="flex size-4 items-center justify-center [&_svg]:size-4">{item.icon}</span>}
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
