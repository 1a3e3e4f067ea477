import { Toast as RadixToast } from 'radix-ui';
import { TOAST_DEFAULT_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { CircleCheckIcon, CircleExclamationPointIcon, XIcon } from 'lucide-react';
import type { ToastItem } from './toast.tsx';

/** The toasts on screen (Radix Toast), loaded by ToastProvider with the first toast. */
export function ToastLayer({ items, dismiss }: { items: ToastItem[]; dismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider
      duration={TOAST_DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {items.map((item) => (
        <ToastView key={item.id} item={item} onOpenChange={(open) => !open && dismiss(item.id)} />
      ))}
      <RadixToast.Viewport
        label="Notifications ({hotkey})"
        className={cn(
          'fixed z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none',
          // At the bottom, above the phone's 4 rem tab bar: at the top it covered the page's heading
          // and tabs (the Schedule after a cancel), which is where the eye goes next.
          'right-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] sm:max-w-sm lg:bottom-0',
        )}
      />
    </RadixToast.Provider>
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
