import { useId, useMemo, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useChooseHoliday, useHolidays, useSetHolidayCountry } from '../api/holidays.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { Card } from './availability-layout.tsx';

/** 'None' in the country list: no public holidays at all. */
const NO_COUNTRY = '';

/**
 * Public holidays of the provider's country (docs/product-rules.md#availability):
 * closed by default; a switch opens a holiday for bookings.
 */
export function HolidaysSection({ thisYear }: { thisYear: number }) {
  const [year, setYear] = useState(thisYear);
  const holidays = useHolidays(year);
  const setCountry = useSetHolidayCountry();
  const choose = useChooseHoliday(year);
  const { toast } = useToast();
  const ids = useId();

  const countries = holidays.data?.countries;
  const countryOptions = useMemo<SelectOption[]>(
    () => [
      { value: NO_COUNTRY, title: 'None', detail: 'No public holidays' },
      ...(countries ?? []).map((c) => ({ value: c.code, title: c.name, keywords: c.code })),
    ],
    [countries],
  );

  const failed = (error: unknown, description: string) => {
    if (isApiError(error, 'unauthenticated')) return; // signed out meanwhile: on the way to /login
    toast({ title: 'Oops!', description, theme: 'error' });
  };

  const country = holidays.data?.country ?? NO_COUNTRY;

  return (
    <Card title="Public holidays" description="You are closed on your country’s public holidays, unless you mark a day as available.">
      <QueryState query={holidays} what="your public holidays" loading={<HolidaysSkeleton />}>
        {(answer) => (
          <div className="flex flex-col gap-5">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
              <Field label="Country" className="min-w-0 flex-1">
                <Select
                  options={countryOptions}
                  value={setCountry.isPending ? (setCountry.variables ?? NO_COUNTRY) : country}
                  disabled={setCountry.isPending}
                  searchable
                  searchPlaceholder="Search countries…"
                  emptyText="No country matches"
                  onChange={(code) =>
                    code !== country &&
                    setCountry.mutate(code === NO_COUNTRY ? null : code, {
                      onError: (error) => failed(error, 'We could not change your country. Please try again.'),
                    })
                  }
                />
              </Field>
              <div className="sm:w-56">
                <span id={`${ids}-year`} className="mb-1.5 block text-sm font-medium text-zinc-800">
                  Year
                </span>
                <SegmentedControl
                  size="s"
                  aria-labelledby={`${ids}-year`}
                  value={String(year)}
                  onChange={(value) => setYear(Number(value))}
                  options={[
                    { value: String(thisYear), label: String(thisYear) },
                    { value: String(thisYear + 1), label: String(thisYear + 1) },
                  ]}
                />
              </div>
            </div>

            {country === NO_COUNTRY ? (
              <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600">
                Choose your country to see its public holidays.
              </p>
            ) : answer.holidays.length === 0 ? (
              <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600">
                No public holidays in {answer.year}.
              </p>
            ) : (
              <div className="relative">
                {(holidays.isFetching || setCountry.isPending) && (
                  <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-10">
                    <Spinner className="size-5 text-brand-600" label="Loading public holidays" />
                  </div>
                )}
                <div className="mb-1 flex justify-end px-1 text-xs font-medium tracking-wide text-zinc-500 uppercase" aria-hidden="true">
                  Available
                </div>
                <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200" aria-label={`Public holidays in ${answer.year}`}>
                  {answer.holidays.map((holiday) => {
                    const switchId = `${ids}-${holiday.date}`;
                    return (
                      <li key={`${holiday.date}-${holiday.name}`} className="flex items-center gap-4 px-4 py-3">
                        <div className="w-16 shrink-0">
                          <p className="text-sm font-semibold text-zinc-900 tabular-nums">{formatShortDate(holiday.date)}</p>
                          <p className="text-xs text-zinc-500">{holiday.weekday}</p>
                        </div>
                        <label htmlFor={switchId} className="min-w-0 flex-1 text-[15px] text-zinc-800 sm:text-sm">
                          {holiday.name}
                          <span className="sr-only">, available</span>
                        </label>
                        <Switch
                          id={switchId}
                          checked={holiday.available}
                          onCheckedChange={(available) =>
                            choose.mutate(
                              { date: holiday.date, available },
                              { onError: (error) => failed(error, 'We could not save your choice. Please try again.') },
                            )
                          }
                        />
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function HolidaysSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading public holidays">
      <Skeleton className="h-10 w-full" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-4">
          <Skeleton className="h-8 w-14" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-6 w-11 rounded-full" />
        </div>
      ))}
    </div>
  );
}
