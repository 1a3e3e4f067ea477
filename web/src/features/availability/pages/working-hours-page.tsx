import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { workDaysInput } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { GlobeIcon } from 'lucide-react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TimeInput } from '../../../components/ui/time-input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { zoneWithDevice } from '../../../lib/format.ts';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useSaveWorkDays, useWorkDays, type WorkDayInput, type WorkWeek } from '../api/work-days.ts';
import { AvailabilityLayout, Card } from '../components/availability-layout.tsx';
import { applyFromChange } from '../lib/work-hours.ts';

/** /availability: the Working hours tab (docs/product-rules.md#availability-and-policies). */
export function WorkingHoursPage() {
  return (
    <AvailabilityLayout title="Working hours">
      <WorkingHours />
    </AvailabilityLayout>
  );
}

function WorkingHours() {
  const week = useWorkDays();
  return (
    <QueryState query={week} what="your working hours" loading={<WorkingHoursSkeleton />}>
      {(data) => <WorkingHoursForm week={data} />}
    </QueryState>
  );
}

/** Only the times are shown per row; other 422 keys (the list itself) become a toast. */
const rowField = (key: string) => (/^data\.\d+\.(from|to)$/.test(key) ? (key as `data.${number}.${'from' | 'to'}`) : null);

function WorkingHoursForm({ week }: { week: WorkWeek }) {
  const { toast } = useToast();
  const save = useSaveWorkDays();
  const ids = useId();
  const { form, ref, submit, failed, errorOf } = useApiForm(workDaysInput, {
    defaultValues: { data: week.days.map(({ weekday, available, from, to }): WorkDayInput => ({ weekday, available, from, to })) },
    fieldOf: rowField,
  });
  const days = useWatch({ control: form.control, name: 'data' });
  // Rows whose end the spec's rule moved after a new start (issue 14 item 3): shown and announced
  // until the provider changes that row again or saves, so nothing is rewritten unseen.
  const [moved, setMoved] = useState<Record<number, string>>({});
  const [announcement, setAnnouncement] = useState('');

  const update = (index: number, change: (day: WorkDayInput) => WorkDayInput, fields: ('from' | 'to')[]) => {
    const before = days[index];
    if (!before) throw new Error(`Only the week's rows are updated, and there is no row ${index}`);
    const after = change(before);
    form.setValue(`data.${index}`, after);
    form.clearErrors(fields.map((field) => `data.${index}.${field}` as const));
    const endMoved = after.from !== before.from && after.to !== before.to;
    setMoved(({ [index]: _row, ...others }) => (endMoved ? { ...others, [index]: after.to } : others));
    if (endMoved) setAnnouncement(movedText(week.days[index]?.name ?? `Day ${before.weekday}`, after.to));
  };

  const onSubmit = submit((input) => {
    if (save.isPending) return;
    save.mutate(input.data, {
      onSuccess: () => {
        setMoved({});
        toast({ title: 'Availability updated' });
      },
      onError: failed,
    });
  });

  return (
    <form ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <Card title="Working hours" description="Clients can book your appointments during these hours.">
        <p className="mb-2 flex items-start gap-2 rounded-lg bg-zinc-50 px-3 py-2.5 text-sm text-zinc-600">
          <GlobeIcon className="mt-0.5 size-4 shrink-0 text-zinc-400" />
          <span>
            Times are in <strong className="font-medium text-zinc-900">{zoneWithDevice(week.timezone)}</strong>.{' '}
            <Link to="/settings/account" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Change your time zone
            </Link>
          </span>
        </p>
        <ul className="divide-y divide-zinc-100">
          {days.map((day, index) => {
            const meta = week.days[index];
            const name = meta?.name ?? `Day ${day.weekday}`;
            const fromError = errorOf(`data.${index}.from`);
            const toError = errorOf(`data.${index}.to`);
            const rowId = `${ids}-${day.weekday}`;
            const showTimes = day.available || Boolean(fromError || toError);
            return (
              <li key={day.weekday} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:gap-6">
                <div className="flex h-10 items-center gap-3 sm:w-44 sm:shrink-0">
                  <Switch
                    id={`${rowId}-available`}
                    checked={day.available}
                    onCheckedChange={(available) => update(index, (d) => ({ ...d, available }), [])}
                  />
                  <label htmlFor={`${rowId}-available`} className="cursor-pointer text-[15px] font-medium text-zinc-900 sm:text-sm">
                    {name}
                  </label>
                </div>
                {showTimes ? (
                  <div className={cn('min-w-0 flex-1', !day.available && 'opacity-60')}>
                    <div className="flex items-center gap-2">
                      <TimeInput
                        aria-label={`${name} from`}
                        className="w-full sm:w-32"
                        value={day.from}
                        onChange={(from) => update(index, (d) => applyFromChange(d, from), ['from', 'to'])}
                        aria-invalid={Boolean(fromError) || undefined}
                        aria-describedby={fromError ? `${rowId}-from-error` : undefined}
                      />
                      <span className="shrink-0 text-zinc-400" aria-hidden="true">
                        –
                      </span>
                      <TimeInput
                        aria-label={`${name} to`}
                        value={day.to}
                        onChange={(to) => update(index, (d) => ({ ...d, to }), ['to'])}
                        aria-invalid={Boolean(toError) || undefined}
                        aria-describedby={toError ? `${rowId}-to-error` : moved[index] !== undefined ? `${rowId}-moved` : undefined}
                        className="w-full sm:w-32"
                      />
                    </div>
                    {moved[index] !== undefined && !toError && (
                      <p id={`${rowId}-moved`} className="mt-1.5 text-sm text-amber-800">
                        {movedText(name, moved[index])}
                      </p>
                    )}
                    {fromError && (
                      <p id={`${rowId}-from-error`} className="mt-1.5 text-sm text-red-600">
                        {fromError}
                      </p>
                    )}
                    {toError && (
                      <p id={`${rowId}-to-error`} className="mt-1.5 text-sm text-red-600">
                        {toError}
                      </p>
                    )}
                  </div>
                ) : (
                  <p className="flex h-10 items-center text-sm text-zinc-500 max-sm:hidden">Unavailable</p>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** What the provider reads when a new start moved a day's end (docs/product-rules.md#availability-and-policies). */
function movedText(day: string, to: string): string {
  return `End moved to ${to} so ${day} ends after it starts. Change it if you meant another time, then save.`;
}

function WorkingHoursSkeleton() {
  return (
    <div className="rounded-2xl border border-zinc-200/80 bg-white p-6" aria-busy="true" aria-label="Loading working hours">
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-2 h-4 w-64 max-w-full" />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <div key={i} className="mt-6 flex items-center gap-4">
          <Skeleton className="h-6 w-11 rounded-full" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="ml-auto hidden h-10 w-32 sm:block" />
          <Skeleton className="hidden h-10 w-32 sm:block" />
        </div>
      ))}
    </div>
  );
}
