import type { ReactNode } from 'react';

/** A card of settings: a titled header (with an optional status on its right) over its rows. */
export function SettingsSection({
  title,
  description,
  aside,
  children,
}: {
  title: string;
  description?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-zinc-200/80 bg-white shadow-xs">
      {/* Wraps: a long title (a calendar server's address) puts the status under it on a phone. */}
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-zinc-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 className="text-base font-semibold [overflow-wrap:anywhere] text-zinc-900">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-zinc-500">{description}</p>}
        </div>
        {aside && <div className="shrink-0">{aside}</div>}
      </header>
      <div className="flex flex-col gap-5 px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
