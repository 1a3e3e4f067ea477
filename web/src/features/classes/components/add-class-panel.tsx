import { useEffect, useId, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import { DEFAULT_CLASS_TIME, repeaterInput, WEEKDAYS, type RepeaterInput, type Weekday } from '@slotted/contract';
import { RepeatIcon } from 'lucide-react';
import { CalendarDayIcon } from '../../../components/ui/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { TimeInput } from '../../../components/ui/time-input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { addDays, todayIn, formatDuration, zoneWithDevice } from '../../../lib/format.ts';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useCreateRepeater } from '../api/create-repeater.ts';
import { useClassServices } from '../api/get-class-services.ts';
import { classSummary, weekdayName, weekdayOf, WEEKDAY_LABELS } from '../../../lib/class-summary.ts';

type Repeat = 'none' | NonNullable<RepeaterInput['repeat_every']>;

interface AddClassValues {
  service_id: number | null;
  date: string;
  time: string;
  repeat: Repeat;
  weekdays: Weekday[];
}

/** The request's keys (and the contract's messages) as the form's fields: the start shows under the date. */
const FIELD_OF: Record<string, keyof AddClassValues> = {
  service_id: 'service_id',
  start_at: 'date',
  repeat_every: 'repeat',
  weekdays: 'weekdays',
};
const fieldOf = (key: string) => FIELD_OF[key] ?? null;

/** What was picked, checked with the contract's `repeaterInput`; out comes the request body. */
const addClassForm = z.custom<AddClassValues>().transform((values, ctx) => {
  const repeating = values.repeat !== 'none';
  const parsed = repeaterInput.safeParse({
    service_id: values.service_id,
    start_at: `${values.date} ${values.time}`,
    repeat_every: repeating ? values.repeat : null,
    weekdays: repeating ? WEEKDAYS.filter((d) => values.weekdays.includes(d)) : [],
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: [fieldOf(String(issue.path[0])) ?? 'service_id'], message: issue.message });
  }
  return z.NEVER;
});

const REPEAT_OPTIONS: SelectOption<Repeat>[] = [
  { title: 'Does not repeat', value: 'none' },
  { title: 'Every week', value: '1w' },
  { title: 'Every 2 weeks', value: '2w' },
  { title: 'Every 3 weeks', value: '3w' },
  { title: 'Every 4 weeks', value: '4w' },
];

export const ADD_CLASS_ERROR = { title: 'Please try again.', description: 'An error occurred while adding the class.' };

export interface AddClassPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The provider's time zone: start times are wall-clock times there
   * (docs/product-rules.md#time-and-time-zones).
   */
  timezone: string;
}

/**
 * The Add a Class panel (docs/product-rules.md#add-a-class): a class once or on a weekly timetable.
 * Mount it with a fresh `key` each time it opens to start from the defaults (tomorrow, 09:00, not
 * repeating).
 */
export function AddClassPanel({ open, onOpenChange, timezone }: AddClassPanelProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const { toast } = useToast();
  const services = useClassServices(open);
  const create = useCreateRepeater();

  const today = todayIn(timezone);
  const defaultValues: AddClassValues = {
    service_id: null,
    date: addDays(today, 1),
    time: DEFAULT_CLASS_TIME,
    repeat: 'none',
    weekdays: [],
  };
  const { form, ref, submit, showServerErrors, errorOf } = useApiForm(addClassForm, { defaultValues, fieldOf });
  const { service_id: serviceId, date, time, repeat, weekdays } = useWatch({ control: form.control }) as AddClassValues;
  const set = <K extends keyof AddClassValues>(key: K, value: AddClassValues[K], clears: keyof AddClassValues = key) => {
    form.setValue(key, value as never);
    form.clearErrors(clears);
  };

  // Failing to load the picker's services is only logged
  // (docs/product-rules.md#failures-and-messages).
  useEffect(() => {
    if (services.error) console.error('Could not load the class services', services.error);
  }, [services.error]);

  const list = services.data ?? [];
  const service = list.find((s) => s.id === serviceId) ?? list[0] ?? null;
  const noServices = services.isSuccess && list.length === 0;
  const repeating = repeat !== 'none';

  const changeDate = (next: string) => {
    // The pre-selected weekday follows the start date while it is the only one chosen.
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{4}-\d{2}-\d{2}$/.test(next) && weekdays.length === 1 && weekdays[0] === weekdayOf(date)) {
      form.setValue('weekdays', [weekdayOf(next)]);
    }
    set('date', next);
  };

  const changeRepeat = (next: Repeat) => {
    set('repeat', next);
    if (next !== 'none' && weekdays.length === 0 && /^\d{4}-\d{2}-\d{2}$/.test(date)) form.setValue('weekdays', [weekdayOf(date)]);
  };

  const toggleWeekday = (day: Weekday) =>
    set('weekdays', weekdays.includes(day) ? weekdays.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || weekdays.includes(d)));

  const summary = service
    ? classSummary({
        serviceName: service.name,
        durationMinutes: service.duration,
        date,
        time,
        repeatEvery: repeating ? repeat : null,
        weekdays,
      })
    : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!service) return;
    // The picker shows the first class until another is chosen.
    form.setValue('service_id', service.id);
    void submit((input) =>
      create.mutate(input, {
        onSuccess: (created) => {
          toast({
            title: `${created.service?.name ?? service.name} is now live!`,
            description: 'Clients can now book and join this class.',
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error, 'unauthenticated')) return; // signed out meanwhile: the app is on its way to /login
          if (!showServerErrors(error)) toast({ ...ADD_CLASS_ERROR, theme: 'error' });
        },
      }),
    )(event);
  };

  const serviceOptions: SelectOption<number>[] = list.map((s) => ({
    title: s.name,
    value: s.id,
    detail: [formatDuration(s.duration), s.capacity > 0 ? `up to ${s.capacity}` : null, s.location || null].filter(Boolean).join(' · '),
  }));

  return (
    <SidePanel
      open={open}
      onOpenChange={(next) => !create.isPending && onOpenChange(next)}
      title="Add a class"
      description="Put a class on your timetable, once or every week."
      footer={
        <>
          <Button theme="white" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!service || noServices} loading={create.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form id={formId} ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field
          label="Service"
          error={errorOf('service_id')}
          hint={
            noServices ? (
              <>
                You have no classes yet.{' '}
                <Link to="/services" className="font-medium text-brand-700 underline underline-offset-2">
                  Create a class service
                </Link>{' '}
                first.
              </>
            ) : services.isError ? (
              'Your classes could not be loaded. Please try again later.'
            ) : undefined
          }
        >
          <Select<number>
            options={serviceOptions}
            value={service?.id ?? null}
            onChange={(value) => set('service_id', value)}
            placeholder={services.isPending ? 'Loading your classes…' : noServices ? 'No classes yet' : 'Choose a class'}
            emptyText={services.isError ? 'Could not load your classes' : 'No classes yet'}
            disabled={services.isPending || noServices}
          />
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Start date"
            error={errorOf('date')}
            hint={date === defaultValues.date ? 'Suggested: tomorrow. Change it to the class’s first day.' : undefined}
          >
            <Input type="date" value={date} min={today} required onChange={(event) => changeDate(event.target.value)} />
          </Field>
          <Field
            label="Time"
            hint={`${time === DEFAULT_CLASS_TIME ? `Suggested: ${DEFAULT_CLASS_TIME}. ` : ''}In your time zone, ${zoneWithDevice(timezone)}.`}
          >
            <TimeInput value={time} onChange={(value) => set('time', value, 'date')} />
          </Field>
        </div>

        <Field label="Repeat" error={errorOf('repeat')}>
          <Select<Repeat> options={REPEAT_OPTIONS} value={repeat} onChange={changeRepeat} />
        </Field>

        {repeating && (
          <fieldset className="flex flex-col gap-2" aria-describedby={errorOf('weekdays') ? `${ids}-weekdays-error` : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-zinc-800">Repeat on</legend>
            <div className="grid grid-cols-7 gap-1.5">
              {WEEKDAYS.map((day) => {
                const on = weekdays.includes(day);
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={on}
                    aria-label={weekdayName(day)}
                    onClick={() => toggleWeekday(day)}
                    className={cn(
                      'flex h-10 items-center justify-center rounded-lg border text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1',
                      on ? 'border-brand-600 bg-brand-600 text-white' : 'border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50',
                      errorOf('weekdays') && !on && 'border-red-300',
                    )}
                  >
                    {WEEKDAY_LABELS[day]}
                  </button>
                );
              })}
            </div>
            {errorOf('weekdays') && (
              <p id={`${ids}-weekdays-error`} className="text-sm text-red-600">
                {errorOf('weekdays')}
              </p>
            )}
          </fieldset>
        )}

        {summary && (
          <div className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50/60 p-4" aria-live="polite">
            <span className="mt-0.5 text-brand-600">
              {repeating ? <RepeatIcon className="size-5" /> : <CalendarDayIcon day={Number(date.slice(8, 10)) || 1} className="size-5" />}
            </span>
            <div className="text-sm leading-relaxed">
              <p className="font-medium text-zinc-900">Goes live when you press Create</p>
              <p className="text-zinc-800" data-testid="class-summary">
                {summary}
              </p>
              <p className="mt-1 text-zinc-600">Clients can see and book it on your public page right away.</p>
            </div>
          </div>
        )}
      </form>
    </SidePanel>
  );
}
