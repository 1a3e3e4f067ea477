import { useState } from 'react';
import type { TimeOff } from '@slotted/contract';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { CalendarXIcon, PencilIcon, PlusIcon, TrashIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { browserTimeZone, formatDayShort, timesInZone } from '../../../lib/format.ts';
import { useToday } from '../../../lib/use-today.ts';
import { useMe } from '../../../lib/me.ts';
import { useDeleteTimeOff, useTimeOff } from '../api/time-off.ts';
import { AvailabilityLayout, Card } from '../components/availability-layout.tsx';
import { HolidaysSection } from '../components/holidays-section.tsx';
import { TimeOffPanel } from '../components/time-off-panel.tsx';
import { FOCUS_KEY } from '../../../lib/use-focus-across-paths.ts';

/**
 * /availability/unavailable-days: time off and public holidays
 * (docs/product-rules.md#availability-and-policies).
 */
export function UnavailableDaysPage() {
  const { data: me } = useMe();
  const timezone = me?.timezone || browserTimeZone();
  const today = useToday(timezone);
  return (
    <AvailabilityLayout title="Time off">
      <div className="flex flex-col gap-6">
        <TimeOffSection today={today} timezone={timezone} />
        <HolidaysSection thisYear={Number(today.slice(0, 4))} />
      </div>
    </AvailabilityLayout>
  );
}

function TimeOffSection({ today, timezone }: { today: string; timezone: string }) {
  const timeOff = useTimeOff();
  const remove = useDeleteTimeOff();
  const { toast } = useToast();
  const [panel, setPanel] = useState<{ open: boolean; period: TimeOff | null }>({ open: false, period: null });
  const [deleting, setDeleting] = useState<{ open: boolean; period: TimeOff | null }>({ open: false, period: null });
  const zone = timeOff.data?.timezone ?? timezone;
  const year = Number(today.slice(0, 4));

  const add = () => setPanel({ open: true, period: null });
  // The empty state's button is gone once the first time off is added: focus goes to the header's.
  const addTimeOffKey = { [FOCUS_KEY]: 'add-time-off' };

  return (
    <Card
      title="Time off"
      description="Holidays, sick days, trainings: clients can’t book you during these periods."
      actions={
        timeOff.data && timeOff.data.periods.length > 0 ? (
          <Button size="s" theme="white" leadingIcon={<PlusIcon className="size-4" />} onClick={add} {...addTimeOffKey}>
            Add time off
          </Button>
        ) : undefined
      }
    >
      <QueryState
        query={timeOff}
        what="your time off"
        loading={
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading time off">
            <Skeleton className="h-14 w-full rounded-xl" />
            <Skeleton className="h-14 w-full rounded-xl" />
          </div>
        }
        isEmpty={(list) => list.periods.length === 0}
        empty={
          <div className="flex flex-col items-center px-4 py-8 text-center">
            <span className="mb-3 flex size-11 items-center justify-center rounded-full bg-zinc-100 text-zinc-500">
              <CalendarXIcon className="size-5" />
            </span>
            <p className="text-sm font-semibold text-zinc-900">No time off planned</p>
            <p className="mt-1 max-w-xs text-sm text-zinc-600">Add the days or hours you are away, and nobody can book them.</p>
            <Button className="mt-5" leadingIcon={<PlusIcon className="size-4" />} onClick={add} {...addTimeOffKey}>
              Add time off
            </Button>
          </div>
        }
      >
        {({ periods }) => (
          <>
            <p className="mb-2 text-xs text-zinc-500">{timesInZone(zone)}</p>
            <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200" aria-label="Time off">
              {periods.map((period) => {
                const past = period.until_date < today;
                const sameDay = period.from_date === period.until_date;
                return (
                  <li key={period.id} className="flex items-center gap-3 py-2.5 pr-2 pl-4">
                    <div className="min-w-0 flex-1">
                      <p className="text-[15px] font-medium text-zinc-900 tabular-nums sm:text-sm">
                        {formatDayShort(period.from_date, year)} · {period.from_time}
                        <span className="text-zinc-400"> → </span>
                        {sameDay ? '' : `${formatDayShort(period.until_date, year)} · `}
                        {period.until_time}
                      </p>
                      <div className="mt-0.5 flex items-center gap-2">
                        {past && <Badge>Past</Badge>}
                        {period.note && <p className="truncate text-sm text-zinc-600">{period.note}</p>}
                      </div>
                    </div>
                    <ActionMenu
                      label={`Actions for time off from ${formatDayShort(period.from_date, year)}`}
                      items={[
                        { label: 'Edit', icon: <PencilIcon />, onSelect: () => setPanel({ open: true, period }) },
                        { label: 'Delete', icon: <TrashIcon />, danger: true, onSelect: () => setDeleting({ open: true, period }) },
                      ]}
                    />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </QueryState>
      <TimeOffPanel
        open={panel.open}
        onOpenChange={(open) => setPanel((current) => ({ ...current, open }))}
        period={panel.period}
        today={today}
        timezone={zone}
      />
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((current) => ({ ...current, open }))}
        description="Clients will be able to book this time again."
        loading={remove.isPending}
        onConfirm={() => {
          const period = deleting.period;
          if (!period) return;
          remove.mutate(period.id, {
            onSuccess: () => toast({ title: 'Time off deleted' }),
            onError: (error) => {
              if (!isApiError(error, 'unauthenticated')) {
                toast({ title: 'Oops!', description: 'We could not delete it. Please try again.', theme: 'error' });
              }
            },
            onSettled: () => setDeleting((current) => ({ ...current, open: false })),
          });
        }}
      />
    </Card>
  );
}
