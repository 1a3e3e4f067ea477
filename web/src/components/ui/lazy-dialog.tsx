import { lazy, Suspense, type ComponentType } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import type { DialogProps } from './dialog.tsx';

/**
 * A dialog whose code (Radix's focus trap and scroll lock) loads when it first opens, not with the
 * page; once shown it stays mounted, so closing keeps its exit animation and focus return
 * (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
 */
function loadedWhenOpened<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LoadedWhenOpened(props: P) {
    const opened = useOpenedOnce(props.open);
    return opened ? (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    ) : null;
  };
}

/** A public page's Dialog. */
export const LazyDialog = loadedWhenOpened<DialogProps>(() => import('./dialog.tsx').then((m) => m.Dialog));

/** A public page's ConfirmDialog. */
export const LazyConfirmDialog = loadedWhenOpened<ConfirmDialogProps>(() => import('./confirm-dialog.tsx').then((m) => m.ConfirmDialog));
