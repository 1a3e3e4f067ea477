import { Link } from 'react-router';
import type { Insights } from '@slotted/contract';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { DocumentTitle, Page, PageHeader } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ProvidersOnly } from '../../../components/providers-only.tsx';
import { useMe } from '../../../lib/me.ts';
import { useInsights } from '../api/get-insights.ts';
import { AttendanceCard } from '../components/attendance-card.tsx';
import { ClassFillCard } from '../components/class-fill-card.tsx';
import { ClientsCard } from '../components/clients-card.tsx';
import { SalesCard } from '../components/sales-card.tsx';
import { ThisWeekCard } from '../components/this-week-card.tsx';
import { zoneName } from '../../../lib/format.ts';

/**
 * /insights (providers; issue 14, item 16): this week's bookings, class fill, new and returning
 * clients, sales and attendance, each a chart with the same numbers as a table. Loaded only on this route, so
 * the charting library never weighs on other pages.
 */
export function InsightsPage() {
  return (
    <Page width="l">
      <DocumentTitle title="Insights" />
      <PageHeader title="Insights" description="How your bookings, classes, clients, sales and attendance are going." />
      <ProvidersOnly>
        <InsightsFigures />
      </ProvidersOnly>
    </Page>
  );
}

function InsightsFigures() {
  const insights = useInsights();
  return (
    <QueryState query={insights} what="your insights" loading={<InsightsSkeleton />}>
      {(figures) => <Figures insights={figures} />}
    </QueryState>
  );
}

function Figures({ insights }: { insights: Insights }) {
  const { data: me } = useMe();
  const link = (to: string, text: string) => (
    <Link to={to} className={buttonClasses({ theme: 'white', size: 's' })}>
      {text}
    </Link>
  );
  // The public profile is the booking page clients are sent to (its Share button gives the link).
  const share = me?.username ? link(`/${me.username}`, 'Share your booking page') : null;
  return (
    <>
      <p className="mb-4 text-sm text-zinc-600">Days and weeks (Monday to Sunday) are counted in {zoneName(insights.timezone)}.</p>
      <div className="grid gap-4 lg:grid-cols-2 lg:gap-6">
        <ThisWeekCard days={insights.this_week} shareAction={share} />
        <ClientsCard weeks={insights.clients} shareAction={share} />
        <ClassFillCard classes={insights.class_fill} addClassAction={link('/services', 'Go to your services')} />
        <SalesCard months={insights.sales} sellAction={link('/plans', 'Go to your plans')} />
        <AttendanceCard weeks={insights.attendance} />
      </div>
    </>
  );
}

function InsightsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading insights" className="grid gap-4 lg:grid-cols-2 lg:gap-6">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="rounded-2xl border border-zinc-200 bg-white p-4 sm:p-6">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-4 w-64 max-w-full" />
          <Skeleton className="mt-4 h-56" />
        </div>
      ))}
    </div>
  );
}
