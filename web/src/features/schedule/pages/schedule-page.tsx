import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarDayIcon } from '../../../components/ui/icons.tsx';
import { DocumentTitle, EmptyState, Page, PageHeader } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TabLinks } from '../../../components/ui/tabs.tsx';
import { useToday } from '../../../lib/use-today.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { PageNotFound } from '../../not-found/pages/not-found-page.tsx';
import type { ScheduleSubset } from '@slotted/contract';
import { isScheduleSubset, useSchedule } from '../api/get-schedule.ts';
import { ScheduleList } from '../components/schedule-list.tsx';

const tabs = [
  { label: 'Upcoming', to: '/schedule', end: true },
  { label: 'Past', to: '/schedule/past' },
];

/** /schedule (upcoming, subset future) and /schedule/past; spec §2 Schedule. */
export function SchedulePage() {
  const { subset = 'future' } = useParams();
  if (!isScheduleSubset(subset)) return <PageNotFound />;
  return <Schedule subset={subset} />;
}

function Schedule({ subset }: { subset: ScheduleSubset }) {
  const { data: me } = useMe();
  const today = useToday(me?.timezone);
  const schedule = useSchedule(subset);

  return (
    <Page>
      <DocumentTitle title={subset === 'past' ? 'Past bookings' : 'Schedule'} />
      <PageHeader title="Schedule" />
      <TabLinks
        label="Schedule"
        tabs={subset === 'future' || subset === 'past' ? tabs : [...tabs, { label: 'Cancelled', to: '/schedule/cancelled' }]}
        className="mb-6"
      />
      {schedule.isPending ? (
        <ScheduleSkeleton />
      ) : schedule.isError ? (
        <EmptyState
          title="We could not load your schedule"
          description="Please check your connection and try again."
          action={
            <Button theme="white" onClick={() => void schedule.refetch()} loading={schedule.isFetching}>
              Try again
            </Button>
          }
        />
      ) : schedule.data.length === 0 ? (
        <EmptyState
          icon={<CalendarDayIcon day={Number(today.slice(8, 10))} className="size-6" />}
          title={`No ${subset} bookings`}
          description={
            subset === 'future' ? 'When you book a service or a client books with you, it will show up here.' : undefined
          }
        />
      ) : (
        <ScheduleList days={schedule.data} today={today} />
      )}
    </Page>
  );
}

function ScheduleSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading schedule">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-[76px] w-full rounded-xl" />
      <Skeleton className="h-[76px] w-full rounded-xl" />
      <Skeleton className="mt-5 h-4 w-32" />
      <Skeleton className="h-[76px] w-full rounded-xl" />
    </div>
  );
}
