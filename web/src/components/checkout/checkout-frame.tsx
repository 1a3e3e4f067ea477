import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../ui/icons.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

export const cardClasses = 'rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm shadow-zinc-900/5 sm:p-6';

/**
 * A checkout page without the app's sidebar (docs/product-rules.md#routes-and-navigation): the
 * logo home, and the content. Booking and membership confirmation share it.
 */
export function ConfirmationFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-zinc-50">
      <header className="border-b border-zinc-200/80 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center px-4 sm:h-16 sm:px-6 lg:px-10">
          <Link to="/" className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label="Slotted, home">
            <Logo className="text-base" />
          </Link>
        </div>
      </header>
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-12">{children}</div>
    </div>
  );
}

/** The loading state of a checkout page; `label` says what is loading (e.g. 'Loading your booking'). */
export function ConfirmationSkeleton({ label }: { label: string }) {
  return (
    <ConfirmationFrame>
      <div aria-busy="true" aria-label={label} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:gap-10">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-9 w-48" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-6 w-64 max-w-full" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-44 rounded-2xl" />
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </ConfirmationFrame>
  );
}
