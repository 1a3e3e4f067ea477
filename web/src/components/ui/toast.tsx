import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { TOAST_DEFAULT_DURATION_MS, TOAST_EXIT_MS, TOAST_MAX_VISIBLE, TOAST_SWIPE_THRESHOLD_PX } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { CircleCheckIcon, CircleExclamationPointIcon, XIcon } from 'lucide-react';

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

interface ToastItem extends Required<Omit<ToastOptions, 'description'>> {
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

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider
        duration={TOAST_DEFAULT_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
        label="Notification"
      >
        {children}
        {items.map((item) => (
          <ToastView key={item.id} item={item} onOpenChange={(open) => !open && dismiss(item.id)} />
        ))}
        <RadixToast.Viewport
          label="Notifications ({hotkey})"
          className={cn(
            'fixed z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none',
            // On phones below the 3.5 rem header (not over it: it holds the way back and the menu).
            'top-[calc(3.5rem+env(safe-area-inset-top))] right-0 sm:top-auto sm:bottom-0 sm:max-w-sm',
          )}
        />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

function ToastView({ item, onOpenChange }: { item: ToastItem; onOpenChange: (open: boolean) => void }) {
  const Icon = item.theme === 'error' ? CircleExclamationPointIcon : CircleCheckIcon;
  return (
    <RadixToast.Root
      open={item.open}
      onOpenChange={onOpenChange}
      duration={item.duration}
      type={item.theme === 'error' ? 'foreground' : 'background'}
      data-theme={item.theme}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border bg-white p-4 pr-10 shadow-lg shadow-zinc-900/10',
        item.theme === 'error' ? 'border-red-200' : 'border-zinc-200',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=end]:animate-toast-swipe-out',
      )}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', item.theme === 'error' ? 'text-red-600' : 'text-emerald-600')} />
      <div className="min-w-0 flex-1">
        <RadixToast.Title className="text-sm font-semibold text-zinc-900">{item.title}</RadixToast.Title>
        {item.description && <RadixToast.Description className="mt-0.5 text-sm text-zinc-600">{item.description}</RadixToast.Description>}
      </div>
      <RadixToast.Close
        aria-label="Close"
        className="absolute top-3 right-3 rounded-md p-1 text-zinc-400 transition-colors hover:bg-zinc-100 hover:text-zinc-700"
      >
        <XIcon className="size-4" />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}
