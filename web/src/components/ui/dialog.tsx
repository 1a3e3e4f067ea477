import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { XIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, laid out at the bottom right (stacked on phones). */
  footer?: ReactNode;
  /** A dialog that must be answered: no close button, Escape and outside clicks do nothing. */
  dismissible?: boolean;
  className?: string;
}

/** A centred modal dialog (Radix: focus trap, Escape, aria-modal, labelled by its title). */
export function Dialog({ open, onOpenChange, title, description, children, footer, dismissible = true, className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl bg-white shadow-2xl ring-1 ring-black/5 focus:outline-none',
            'data-[state=open]:animate-dialog-in data-[state=closed]:animate-fade-out',
            className,
          )}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onInteractOutside={dismissible ? undefined : (event) => event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start gap-4 px-6 pt-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-semibold text-zinc-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1.5 text-sm text-zinc-600">{description}</RadixDialog.Description>
              ) : null}
            </div>
            {dismissible && (
              <RadixDialog.Close
                aria-label="Close"
                className="-mt-1 -mr-2 rounded-lg p-1.5 text-zinc-400 transition-colors hover:bg-zinc-100 hover:text-zinc-700"
              >
                <XIcon className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          {children && <div className="min-h-0 overflow-y-auto px-6 pt-4 text-sm text-zinc-700">{children}</div>}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 px-6 pt-6 pb-6 sm:flex-row sm:justify-end">{footer}</div>
          ) : (
            <div className="pb-6" />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
