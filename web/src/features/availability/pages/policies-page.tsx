import { useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '../../../lib/use-reveal-first-error.ts';
import { fieldErrors, policiesInput, type Policies } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LazyRichTextEditor as RichTextEditor } from '../../../components/ui/lazy-rich-text-editor.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { usePolicies, useSavePolicies } from '../api/policies.ts';
import { AvailabilityLayout, Card, LoadError } from '../components/availability-layout.tsx';
import { ADVANCE_BOOKING_OPTIONS, BOOKING_NOTICE_OPTIONS, CANCELLATION_NOTICE_OPTIONS } from '../lib/policy-options.ts';

const POLICY_FIELDS = ['min_hours_before_booking', 'max_days_before_booking', 'min_hours_before_cancellation', 'terms_of_service'] as const;
type PolicyField = (typeof POLICY_FIELDS)[number];

/** /availability/policies: booking notice, advance booking, cancellation notice and terms (spec §2, §3 Policies). */
export function PoliciesPage() {
  return (
    <AvailabilityLayout title="Policies">
      <PoliciesContent />
    </AvailabilityLayout>
  );
}

function PoliciesContent() {
  const policies = usePolicies();
  if (policies.isPending) return <PoliciesSkeleton />;
  if (policies.isError) return <LoadError what="policies" onRetry={() => void policies.refetch()} retrying={policies.isFetching} />;
  return <PoliciesForm policies={policies.data} />;
}

function PoliciesForm({ policies }: { policies: Policies }) {
  const { toast } = useToast();
  const save = useSavePolicies();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Policies>(policies);
  const [errors, setErrors] = useState<Partial<Record<PolicyField, string>>>({});
  const revealFirstError = useRevealFirstError(formRef);


  const showErrors = (next: Partial<Record<PolicyField, string>>) => {
    setErrors(next);
    revealFirstError();
  };

  const set = <K extends PolicyField>(key: K, value: Policies[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const pick = (fields: Record<string, string[] | string>): Partial<Record<PolicyField, string>> => {
    const out: Partial<Record<PolicyField, string>> = {};
    for (const field of POLICY_FIELDS) {
      const message = fields[field];
      if (message) out[field] = Array.isArray(message) ? message[0] : message;
    }
    return out;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = policiesInput.safeParse(values);
    if (!parsed.success) {
      showErrors(pick(fieldErrors(parsed.error.issues)));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Policies updated' }),
      onError: (error) => {
        if (isApiError(error, 422)) {
          const next = pick(error.fieldErrors());
          if (Object.keys(next).length === 0) toast({ title: 'Oops!', description: error.message, theme: 'error' });
          showErrors(next);
        } else if (!isApiError(error, 401)) {
          toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
        }
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Card title="Booking" description="When clients can book and cancel.">
        <div className="flex flex-col gap-5">
          <Field
            label="Booking notice"
            error={errors.min_hours_before_booking}
            hint="How long before a session starts clients can still book it."
          >
            <Select<number>
              options={BOOKING_NOTICE_OPTIONS}
              value={values.min_hours_before_booking}
              onChange={(value) => set('min_hours_before_booking', value)}
            />
          </Field>
          <Field label="Advance booking" error={errors.max_days_before_booking} hint="How far ahead clients can book.">
            <Select<number>
              options={ADVANCE_BOOKING_OPTIONS}
              value={values.max_days_before_booking}
              onChange={(value) => set('max_days_before_booking', value)}
            />
          </Field>
          <Field
            label="Cancellation notice"
            error={errors.min_hours_before_cancellation}
            hint="Clients who cancel at least this long before the start get their money or credit back."
          >
            <Select<number>
              options={CANCELLATION_NOTICE_OPTIONS}
              value={values.min_hours_before_cancellation}
              onChange={(value) => set('min_hours_before_cancellation', value)}
            />
          </Field>
        </div>
      </Card>
      <Card title="Terms of service" description="Shown to clients when they book or buy a plan.">
        <Field label="Terms of service" hideLabel error={errors.terms_of_service} aside="Optional">
          <RichTextEditor
            aria-label="Terms of service"
            placeholder="Your booking, cancellation and refund terms…"
            value={values.terms_of_service}
            onChange={(html) => set('terms_of_service', html)}
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
        {[0, 1, 2].map((i) => (
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
