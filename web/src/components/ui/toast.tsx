import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DEFAULT_DURATION_MS, TOAST_EXIT_MS, TOAST_MAX_VISIBLE } from '@slotted/contract';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';

const ToastLayer = lazy(() => import('./toast-layer.tsx').then((m) => ({ default: m.ToastLayer })));

export type ToastTheme = 'success' | 'error';

export interface ToastOptions {
  title: string;
  description?: string;
  /** Default 'success'. */
  theme?: ToastTheme;
  /**
   * Milliseconds before it closes by itself; default 5000
   * (docs/product-rules.md#shared-interface-pieces).
   */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

interface ToastApi {
  toast: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

/**
 * A toast is added, closes by itself after its duration, by its close button or by a horizontal
 * swipe of more than 50 px, and leaves with a 300 ms animation. At most 5 are visible: a sixth
 * pushes the oldest out (docs/product-rules.md#shared-interface-pieces).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const removalTimers = useRef(new Map<number, number>());

  const scheduleRemoval = useCallback((ids: number[]) => {
    for (const id of ids) {
      if (removalTimers.current.has(id)) continue;
      const timer = window.setTimeout(() => {
        removalTimers.current.delete(id);
        setItems((current) => current.filter((item) => item.id !== id));
      }, TOAST_EXIT_MS);
      removalTimers.current.set(id, timer);
    }
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setItems((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));
      scheduleRemoval([id]);
    },
    [scheduleRemoval],
  );

  const toast = useCallback(({ title, description, theme = 'success', duration = TOAST_DEFAULT_DURATION_MS }: ToastOptions) => {
    const id = nextId.current++;
    setItems((current) => {
      const next = [...current, { id, title, description, theme, duration, open: true }];
      // Oldest first: close the oldest open toasts until at most TOAST_MAX_VISIBLE remain.
      let excess = next.filter((item) => item.open).length - TOAST_MAX_VISIBLE;
      return next.map((item) => {
        if (excess > 0 && item.open) {
          excess -= 1;
          return { ...item, open: false };
        }
        return item;
      });
    });
    return id;
  }, []);

  // Whatever is closed gets removed from the list once its exit animation is over.
  useEffect(() => {
    const closed = items.filter((item) => !item.open).map((item) => item.id);
    if (closed.length > 0) scheduleRemoval(closed);
  }, [items, scheduleRemoval]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  // The toasts' layer (Radix: viewport, swipe, timers) loads with the first toast, not with the
  // app; once shown it stays mounted (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
  const layerShown = useOpenedOnce(items.length > 0);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {layerShown && (
        <Suspense fallback={null}>
          <ToastLayer items={items} dismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
