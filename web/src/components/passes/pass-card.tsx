import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { PassCover } from './pass-cover.tsx';

/**
 * A card of My passes' grids: cover, name, provider, what it is worth now, and Details (which
 * opens the side panel).
 */
export function PassCard({
  cover,
  title,
  provider,
  badge,
  children,
  onDetails,
}: {
  cover: string | null;
  title: string;
  provider: string;
  badge?: ReactNode;
  children?: ReactNode;
  onDetails: () => void;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xs">
      <PassCover src={cover} />
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold break-words text-zinc-900">{title}</h2>
            <p className="mt-0.5 truncate text-sm text-zinc-500">{provider}</p>
          </div>
          {badge}
        </div>
        {children && <div className="mt-3 flex flex-1 flex-col gap-1.5 text-sm text-zinc-700">{children}</div>}
        <Button theme="white" className="mt-4" fullWidth aria-label={`Details of ${title}`} onClick={onDetails}>
          Details
        </Button>
      </div>
    </article>
  );
}

/** A titled section of a pass's side panel. */
export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** My passes' grid while it loads. */
export function PassGridSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
    </div>
  );
}
