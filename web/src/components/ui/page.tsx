import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The content column of a signed-in page. */
export function Page({ children, className, width = 'm' }: { children: ReactNode; className?: string; width?: 'm' | 'l' }) {
  return (
    <div className={cn('mx-auto w-full px-4 py-6 sm:px-6 lg:px-10 lg:py-10', width === 'l' ? 'max-w-6xl' : 'max-w-3xl', className)}>
      {children}
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-zinc-600">{description}</p>}
      </div>
      {actions && <div className="flex min-w-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A friendly "nothing here yet" block. */
export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center">
      {icon && <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500">{icon}</span>}
      <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
      {description && <p className="mt-1.5 max-w-sm text-sm text-zinc-600">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'success' | 'danger' | 'brand' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tone === 'neutral' && 'bg-zinc-50 text-zinc-700 ring-zinc-200',
        tone === 'success' && 'bg-emerald-50 text-emerald-700 ring-emerald-200',
        tone === 'danger' && 'bg-red-50 text-red-700 ring-red-200',
        tone === 'brand' && 'bg-brand-50 text-brand-700 ring-brand-200',
      )}
    >
      {children}
    </span>
  );
}

/** The browser tab's title (React 19 hoists <title> into the document head). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · Slotted`}</title>;
}
