import type { ReactNode } from 'react';
import { DocumentTitle, Page, PageHeader } from '../../../components/ui/page.tsx';
import { TabLinks } from '../../../components/ui/tabs.tsx';
import { ProvidersOnly } from '../../../components/providers-only.tsx';

/**
 * Availability tabs (docs/product-rules.md#availability-and-policies): Working hours, Policies, and
 * the time off and holidays page.
 */
export const AVAILABILITY_TABS = [
  { label: 'Working hours', to: '/availability', end: true },
  { label: 'Policies', to: '/availability/policies' },
  { label: 'Time off', to: '/availability/unavailable-days' },
];

export function AvailabilityLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <DocumentTitle title={title} />
      <PageHeader title="Availability" />
      <TabLinks label="Availability" tabs={AVAILABILITY_TABS} className="mb-6" />
      <ProvidersOnly>{children}</ProvidersOnly>
    </Page>
  );
}

/** A white card with a title row, like the settings page's sections. */
export function Card({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ?? 'rounded-2xl border border-zinc-200/80 bg-white shadow-xs'}>
      <header className="flex flex-col gap-3 border-b border-zinc-100 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-zinc-500">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </header>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
