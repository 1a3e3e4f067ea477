import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { ScheduleDay, ScheduleSlot, ScheduleSubset } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarPlusIcon, GlobeIcon, PlusIcon } from 'lucide-react';
import { CalendarFeedSubscription } from '../../../components/calendar-feed/calendar-feed-subscription.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CalendarDayIcon } from '../../../components/ui/icons.tsx';
import { DocumentTitle, EmptyState, Page, PageHeader } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TabLinks } from '../../../components/ui/tabs.tsx';
import { browserTimeZone, timesInZone } from '../../../lib/format.ts';
import { useToday } from '../../../lib/use-today.ts';
import { useMe } from '../../../lib/me.ts';
import { PageNotFound } from '../../../components/not-found-page.tsx';
import { isScheduleSubset, useSchedule } from '../api/get-schedule.ts';
import { BookingDetailsPanel } from '../components/booking-details-panel.tsx';
import { MyWaitlist } from '../components/my-waitlist.tsx';
import { ScheduleList } from '../components/schedule-list.tsx';
import type { SchedulePanels } from '../schedule-panels.ts';

const tabs = [
  { label: 'Upcoming', to: '/schedule', end: true },
  { label: 'Past', to: '/schedule/past' },
];

/** /schedule (upcoming, subset future) and /schedule/past (docs/product-rules.md#schedule). */
export function SchedulePage({ panels }: { panels: SchedulePanels }) {
  const { subset = 'future' } = useParams();
  if (!isScheduleSubset(subset)) return <PageNotFound />;
  return <Schedule subset={subset} panels={panels} />;
}

function findSlot(days: ScheduleDay[] | undefined, wanted: ScheduleSlot): ScheduleSlot | undefined {
  for (const day of days ?? []) {
    const found = day.slots.find((slot) => slot.id === wanted.id && slot.kind === wanted.kind);
    if (found) return found;
  }
  return undefined;
}

function Schedule({ subset, panels: { AddClassPanel, ClientPanel, MarkPaidButton } }: { subset: ScheduleSubset; panels: SchedulePanels }) {
  const { data: me } = useMe();
  const today = useToday(me?.timezone);
  const schedule = useSchedule(subset);
  const [selected, setSelected] = useState<ScheduleSlot | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [addClass, setAddClass] = useState({ open: false, key: 0 });
  const [subscribeOpen, setSubscribeOpen] = useState(false);

  const canAddClass = Boolean(me?.is_provider) && subset === 'future';
  // The panel follows the schedule as it reloads (e.g. after a cancellation).
  const current = selected ? (findSlot(schedule.data, selected) ?? selected) : null;

  // The panel is opened from a card, not from a Radix trigger: without this, closing it would leave
  // the keyboard focus on the page body instead of the card it came from.
  const opener = useRef<HTMLElement | null>(null);
  const open = (slot: ScheduleSlot) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(slot);
    setDetailsOpen(true);
  };
  const onDetailsOpenChange = (next: boolean) => {
    setDetailsOpen(next);
    if (!next) window.setTimeout(() => opener.current?.isConnected && opener.current.focus());
  };

  return (
    <Page>
      <DocumentTitle title={subset === 'past' ? 'Past bookings' : 'Schedule'} />
      <PageHeader
        title="Schedule"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Button theme="white" leadingIcon={<CalendarPlusIcon className="size-4" />} onClick={() => setSubscribeOpen(true)}>
              Subscribe in your calendar
            </Button>
            {canAddClass && (
              <Button leadingIcon={<PlusIcon className="size-4" />} onClick={() => setAddClass((s) => ({ open: true, key: s.key + 1 }))}>
                Add a Class
              </Button>
            )}
          </div>
        }
      />
      <Dialog
        open={subscribeOpen}
        onOpenChange={setSubscribeOpen}
        title="Subscribe in your calendar"
        description="Your schedule in the calendar app you already use, kept up to date."
      >
        <CalendarFeedSubscription what={me?.is_provider ? 'your bookings and classes' : 'your bookings'} enabled={subscribeOpen} />
      </Dialog>
      <TabLinks
        label="Schedule"
        tabs={subset === 'future' || subset === 'past' ? tabs : [...tabs, { label: 'Cancelled', to: '/schedule/cancelled' }]}
        className="mb-6"
      />
      {me?.timezone && (
        <p className="-mt-3 mb-4 flex items-center gap-1.5 text-xs text-zinc-500">
          <GlobeIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {timesInZone(me.timezone)}
        </p>
      )}
      {subset === 'future' && <MyWaitlist />}
      <QueryState
        query={schedule}
        what="your schedule"
        loading={<ScheduleSkeleton />}
        empty={
          <EmptyState
            icon={<CalendarDayIcon day={Number(today.slice(8, 10))} className="size-6" />}
            title={`No ${subset} bookings`}
            description={
              subset === 'future'
                ? canAddClass
                  ? 'Add a class to your timetable, or wait for clients to book your services.'
                  : 'When you book a service or a client books with you, it will show up here.'
                : undefined
            }
            action={
              canAddClass ? (
                <Button
                  theme="white"
                  leadingIcon={<PlusIcon className="size-4" />}
                  onClick={() => setAddClass((s) => ({ open: true, key: s.key + 1 }))}
                >
                  Add a Class
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(days) => <ScheduleList days={days} today={today} onOpen={open} />}
      </QueryState>

      <BookingDetailsPanel
        slot={current}
        open={detailsOpen}
        onOpenChange={onDetailsOpenChange}
        ClientPanel={ClientPanel}
        MarkPaidButton={MarkPaidButton}
      />
      {canAddClass && (
        <AddClassPanel
          key={addClass.key}
          open={addClass.open}
          onOpenChange={(next) => setAddClass((s) => ({ ...s, open: next }))}
          timezone={me?.timezone || browserTimeZone()}
        />
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
