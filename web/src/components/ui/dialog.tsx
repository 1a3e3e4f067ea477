import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { useReturnFocus } from '../../lib/use-return-focus.ts';
import { XIcon } from 'lucide-react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Shown before the title (e.g. an avatar), outside it: not part of the dialog's accessible name. */
  leading?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, laid out at the bottom right (stacked on phones). */
  footer?: ReactNode;
  /** A dialog that must be answered: no close button, Escape and outside clicks do nothing. */
  dismissible?: boolean;
  className?: string;
}

/** A centred modal dialog (Radix: focus trap, Escape, aria-modal, labelled by its title). */
export function Dialog({ open, onOpenChange, title, leading, description, children, footer, dismissible = true, className }: DialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {/*
          The overlay is also the centring box (a one-column grid whose column may shrink below the
          content: minmax(0, 1fr)), so the dialog needs no translate(-50%, -50%):
          that centring transform was overridden by the opening animation's own transform, and the
          dialog opened up and to the left for its first 200 ms. Radix still treats a press on the
          overlay as outside the dialog (closes it when dismissible).
        */}
        <RadixDialog.Overlay className="fixed inset-0 z-50 grid grid-cols-1 place-items-center overflow-y-auto bg-zinc-950/40 p-4 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in">
          <RadixDialog.Content
            className={cn(
              'relative flex max-h-[calc(100dvh-2rem)] w-full flex-col',
              // cn is plain clsx (no class merging): a caller's own max-w-* replaces the default
              // instead of competing with it in the stylesheet's order.
              !className?.includes('max-w-') && 'max-w-md',
              'rounded-2xl bg-white shadow-2xl ring-1 ring-black/5 focus:outline-none',
              // pop-in moves and scales from the dialog's own centre: nothing else positions it.
              'data-[state=open]:animate-pop-in data-[state=closed]:animate-fade-out',
              className,
            )}
            onCloseAutoFocus={returnFocus}
            onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
            onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
            onInteractOutside={dismissible ? undefined : (event) => event.preventDefault()}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className="flex items-start gap-4 px-6 pt-6">
              {leading}
              <div className="min-w-0 flex-1 self-center">
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
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
