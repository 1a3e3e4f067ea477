import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { useReturnFocus } from '../../lib/use-return-focus.ts';
import { Button, type ButtonTheme } from './button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Default 'Are you sure?'. */
  title?: ReactNode;
  description?: ReactNode;
  /** Default 'Delete'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** Default 'danger'. */
  confirmTheme?: ButtonTheme;
  /** Keeps the dialog open with a spinner on the confirm button. */
  loading?: boolean;
  onConfirm: () => void;
}

/**
 * A question that must be answered before something irreversible happens (e.g. deleting): an
 * alert dialog (Radix) that starts with focus on Cancel, so Enter never deletes by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title = 'Are you sure?',
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  confirmTheme = 'danger',
  loading = false,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !loading && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-black/5 focus:outline-none',
            'data-[state=open]:animate-dialog-in data-[state=closed]:animate-fade-out',
          )}
        >
          <AlertDialog.Title className="text-lg font-semibold text-zinc-900">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="mt-1.5 text-sm text-zinc-600">{description}</AlertDialog.Description> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button theme="white" disabled={loading}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the work is done. */}
            <Button theme={confirmTheme} loading={loading} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
