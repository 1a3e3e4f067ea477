import { useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { SIDE_PANEL_SWIPE_CLOSE_PX } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useReturnFocus } from '../../lib/use-return-focus.ts';
import { XIcon } from 'lucide-react';

/** Phones get a bottom sheet; wider screens a drawer from the right. */
export const SHEET_QUERY = '(max-width: 767px)';

export interface SidePanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Shown before the title (e.g. an avatar), outside it: not part of the panel's accessible name. */
  leading?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Sticky actions at the bottom (e.g. 'Save changes'). */
  footer?: ReactNode;
  /** Drawer width on desktop. */
  size?: 'm' | 'l';
}

/**
 * A drawer from the right on desktop; a bottom sheet on phones that closes when dragged down by
 * more than 100 px (docs/product-rules.md#shared-interface-pieces).
 */
export function SidePanel({ open, onOpenChange, title, leading, description, children, footer, size = 'm' }: SidePanelProps) {
  const sheet = useMediaQuery(SHEET_QUERY);
  const [dragY, setDragY] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ y: number; id: number } | null>(null);
  const returnFocus = useReturnFocus(open);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!sheet || event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button, a, input, textarea, select')) return;
    start.current = { y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    setDragY(Math.max(0, event.clientY - start.current.y));
  };
  const endDrag = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const distance = Math.max(0, event.clientY - start.current.y);
    start.current = null;
    setDragging(false);
    if (distance > SIDE_PANEL_SWIPE_CLOSE_PX) {
      onOpenChange(false);
      // Keep the offset so the closing animation starts where the finger left the sheet.
      window.setTimeout(() => setDragY(0), 250);
    } else {
      setDragY(0);
    }
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/30 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed z-50 flex flex-col bg-white shadow-2xl ring-1 ring-black/5 focus:outline-none',
            sheet
              ? 'inset-x-0 bottom-0 max-h-[92dvh] rounded-t-2xl pb-[env(safe-area-inset-bottom)] data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in'
              : cn(
                  'inset-y-0 right-0 h-dvh w-full data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in',
                  size === 'l' ? 'max-w-2xl' : 'max-w-lg',
                ),
            dragging ? 'transition-none' : 'transition-transform duration-200',
          )}
          style={sheet && dragY > 0 ? ({ transform: `translateY(${dragY}px)`, '--sheet-drag': `${dragY}px` } as CSSProperties) : undefined}
        >
          <div
            className={cn('shrink-0 touch-none', sheet && 'cursor-grab select-none active:cursor-grabbing')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            data-testid="side-panel-handle"
          >
            {sheet && <div className="mx-auto mt-2.5 h-1.5 w-10 rounded-full bg-zinc-300" aria-hidden="true" />}
            <div className="flex items-start gap-4 border-b border-zinc-100 px-5 py-4 sm:px-6">
              {leading}
              <div className="min-w-0 flex-1 self-center">
                <RadixDialog.Title className="text-lg font-semibold text-zinc-900">{title}</RadixDialog.Title>
                {description ? (
                  <RadixDialog.Description className="mt-1 text-sm text-zinc-600">{description}</RadixDialog.Description>
                ) : null}
              </div>
              <RadixDialog.Close
                aria-label="Close"
                className="-mr-2 rounded-lg p-1.5 text-zinc-400 transition-colors hover:bg-zinc-100 hover:text-zinc-700"
              >
                <XIcon className="size-5" />
              </RadixDialog.Close>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6">{children}</div>
          {footer && (
            <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-zinc-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
