import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import type { DialogProps } from './dialog.tsx';

const Dialog = lazy(() => import('./dialog.tsx').then((m) => ({ default: m.Dialog })));
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/**
 * A public page's Dialog: its code (Radix's focus trap and scroll lock) loads when it first opens,
 * not with the page; once shown it stays mounted, so closing keeps its exit animation and focus
 * return (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
 */
export function LazyDialog(props: DialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}

/** A public page's ConfirmDialog, loaded when it first opens like LazyDialog. */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  ) : null;
}
