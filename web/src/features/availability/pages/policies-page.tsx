import { Controller } from 'react-hook-form';
import { policiesInput, type Policies } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LazyRichTextEditor as RichTextEditor } from '../../../components/ui/lazy-rich-text-editor.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { usePolicies, useSavePolicies } from '../api/policies.ts';
import { AvailabilityLayout, Card } from '../components/availability-layout.tsx';
import { ADVANCE_BOOKING_OPTIONS, BOOKING_NOTICE_OPTIONS, CANCELLATION_NOTICE_OPTIONS, REMINDER_OPTIONS } from '../lib/policy-options.ts';

/**
 * /availability/policies: booking notice, advance booking, cancellation notice, reminder and terms
 * (docs/product-rules.md#availability-and-policies).
 */
export function PoliciesPage() {
  return (
    <AvailabilityLayout title="Policies">
      <PoliciesContent />
    </AvailabilityLayout>
  );
}

function PoliciesContent() {
  const policies = usePolicies();
  return (
    <QueryState query={policies} what="your policies" loading={<PoliciesSkeleton />}>
      {(data) => <PoliciesForm policies={data} />}
    </QueryState>
  );
}

function PoliciesForm({ policies }: { policies: Policies }) {
  const { toast } = useToast();
  const save = useSavePolicies();
  const { form, ref, submit, failed, errorOf } = useApiForm(policiesInput, { defaultValues: policies });
  const { control } = form;

  const onSubmit = submit((input) => {
    if (save.isPending) return;
    save.mutate(input, { onSuccess: () => toast({ title: 'Policies updated' }), onError: failed });
  });

  return (
    <form ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <Card title="Booking" description="When clients can book and cancel, and when they are reminded.">
        <div className="flex flex-col gap-5">
          <Field
            label="Booking notice"
            error={errorOf('min_hours_before_booking')}
            hint="How long before a session starts clients can still book it."
          >
            <Controller
              control={control}
              name="min_hours_before_booking"
              render={({ field }) => <Select<number> options={BOOKING_NOTICE_OPTIONS} value={field.value} onChange={field.onChange} />}
            />
          </Field>
          <Field label="Advance booking" error={errorOf('max_days_before_booking')} hint="How far ahead clients can book.">
            <Controller
              control={control}
              name="max_days_before_booking"
              render={({ field }) => <Select<number> options={ADVANCE_BOOKING_OPTIONS} value={field.value} onChange={field.onChange} />}
            />
          </Field>
          <Field
            label="Cancellation notice"
            error={errorOf('min_hours_before_cancellation')}
            hint="Clients who cancel at least this long before the start get their money or credit back."
          >
            <Controller
              control={control}
              name="min_hours_before_cancellation"
              render={({ field }) => <Select<number> options={CANCELLATION_NOTICE_OPTIONS} value={field.value} onChange={field.onChange} />}
            />
          </Field>
          <Field
            label="Reminder e-mail"
            error={errorOf('reminder_hours_before')}
            hint="How long before a session clients get an e-mail reminding them of it."
          >
            <Controller
              control={control}
              name="reminder_hours_before"
              render={({ field }) => <Select<number> options={REMINDER_OPTIONS} value={field.value} onChange={field.onChange} />}
            />
          </Field>
        </div>
      </Card>
      <Card title="Terms of service" description="Shown to clients when they book or buy a plan.">
        <Field label="Terms of service" hideLabel error={errorOf('terms_of_service')} aside="Optional">
          <Controller
            control={control}
            name="terms_of_service"
            render={({ field }) => (
              <RichTextEditor
                aria-label="Terms of service"
                placeholder="Your booking, cancellation and refund terms…"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </Field>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          Save changes
        </Button>
      </div>
    </form>
  );
}

function PoliciesSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading policies">
      <div className="rounded-2xl border border-zinc-200/80 bg-white p-6">
        <Skeleton className="h-5 w-24" />
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="mt-6">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="mt-2 h-10 w-full" />
          </div>
        ))}
      </div>
      <div className="rounded-2xl border border-zinc-200/80 bg-white p-6">
        <Skeleton className="h-5 w-36" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    </div>
  );
}
