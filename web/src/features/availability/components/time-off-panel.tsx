import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { hhmm, minutesOfDay, TIME_PATTERN, timeOffInput, type TimeOff } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { TimeInput } from '../../../components/ui/time-input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { addDays, timesInZone } from '../../../lib/format.ts';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useSaveTimeOff, type TimeOffInput } from '../api/time-off.ts';

const TIME_OFF_FIELDS = ['from_date', 'from_time', 'until_date', 'until_time', 'note'] as const;
type TimeOffField = (typeof TIME_OFF_FIELDS)[number];

/** A new period: the whole of `today`. */
export function newTimeOff(today: string): TimeOffInput {
  return { from_date: today, from_time: '00:00', until_date: today, until_time: '23:59', note: '' };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const startOf = (t: TimeOffInput) => `${t.from_date}T${t.from_time}`;
const endOf = (t: TimeOffInput) => `${t.until_date}T${t.until_time}`;

/**
 * Moving the start date moves the end date by as many days (the period keeps its length); a
 * start that is then still not before the end drags the end along (one hour later, at most 23:59).
 */
export function moveStart(values: TimeOffInput, change: Partial<Pick<TimeOffInput, 'from_date' | 'from_time'>>): TimeOffInput {
  const next = { ...values, ...change };
  if (change.from_date && DATE.test(change.from_date) && DATE.test(values.from_date) && DATE.test(values.until_date)) {
    next.until_date = addDays(values.until_date, daysBetween(values.from_date, change.from_date));
  }
  if (!TIME_PATTERN.test(next.from_time) || !DATE.test(next.from_date) || startOf(next) < endOf(next)) return next;
  return {
    ...next,
    until_date: next.from_date,
    until_time: hhmm(Math.min(minutesOfDay(next.from_time) + 60, 23 * 60 + 59)),
  };
}

export interface TimeOffPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The period being edited; null adds one. */
  period: TimeOff | null;
  today: string;
  timezone: string;
}

/** Adds or edits a period of time off (docs/product-rules.md#availability). */
export function TimeOffPanel({ open, onOpenChange, period, today, timezone }: TimeOffPanelProps) {
  const formId = `${useId()}-time-off`;
  const save = useSaveTimeOff();
  return (
    <SidePanel
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
      title={period ? 'Edit time off' : 'Add time off'}
      description={`Clients can’t book you during this time. ${timesInZone(timezone)}.`}
      footer={
        <>
          <Button theme="white" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {period ? 'Save changes' : 'Add time off'}
          </Button>
        </>
      }
    >
      <TimeOffForm
        key={period?.id ?? 'new'}
        formId={formId}
        period={period}
        today={today}
        save={save}
        onSaved={() => onOpenChange(false)}
      />
    </SidePanel>
  );
}

function TimeOffForm({
  formId,
  period,
  today,
  save,
  onSaved,
}: {
  formId: string;
  period: TimeOff | null;
  today: string;
  save: ReturnType<typeof useSaveTimeOff>;
  onSaved: () => void;
}) {
  const { toast } = useToast();
  const { form, ref, submit, failed, errorOf } = useApiForm(timeOffInput, {
    defaultValues: period
      ? {
          from_date: period.from_date,
          from_time: period.from_time,
          until_date: period.until_date,
          until_time: period.until_time,
          note: period.note,
        }
      : newTimeOff(today),
  });
  const values = useWatch({ control: form.control }) as TimeOffInput;

  const change = (next: TimeOffInput, fields: TimeOffField[]) => {
    for (const field of TIME_OFF_FIELDS) if (next[field] !== values[field]) form.setValue(field, next[field]);
    // The end's "must be after the start" may be fixed by either end.
    form.clearErrors([...fields, 'until_date', 'until_time']);
  };

  const onSubmit = submit((input) => {
    if (save.isPending) return;
    save.mutate(
      { id: period?.id, input },
      {
        onSuccess: () => {
          toast({ title: period ? 'Time off updated' : 'Time off added' });
          onSaved();
        },
        onError: failed,
      },
    );
  });

  return (
    <form id={formId} ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">From</legend>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Start date" error={errorOf('from_date')}>
            <Input
              type="date"
              name="from_date"
              value={values.from_date}
              onChange={(event) => change(moveStart(values, { from_date: event.target.value }), ['from_date', 'until_date'])}
            />
          </Field>
          <Field label="Start time" error={errorOf('from_time')}>
            <TimeInput
              name="from_time"
              value={values.from_time}
              onChange={(from_time) => change(moveStart(values, { from_time }), ['from_time'])}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">Until</legend>
        <div className="grid grid-cols-2 gap-3">
          <Field label="End date" error={errorOf('until_date')}>
            <Input
              type="date"
              name="until_date"
              min={values.from_date || undefined}
              value={values.until_date}
              onChange={(event) => change({ ...values, until_date: event.target.value }, ['until_date'])}
            />
          </Field>
          <Field label="End time" error={errorOf('until_time')}>
            <TimeInput
              name="until_time"
              value={values.until_time}
              onChange={(until_time) => change({ ...values, until_time }, ['until_time'])}
            />
          </Field>
        </div>
      </fieldset>
      <Field label="Note" aside="Optional" error={errorOf('note')} hint="Only you see it, e.g. Holidays, Conference.">
        <Input
          name="note"
          maxLength={200}
          autoComplete="off"
          value={values.note}
          onChange={(event) => change({ ...values, note: event.target.value }, ['note'])}
        />
      </Field>
    </form>
  );
}
