import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '../../../lib/use-reveal-first-error.ts';
import { CAPACITY_MAX, DURATION_MAX_MINUTES, type Service } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PriceInput } from '../../../components/ui/price-input.tsx';
import { LazyRichTextEditor as RichTextEditor } from '../../../components/ui/lazy-rich-text-editor.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { useSaveService } from '../api/save-service.ts';
import {
  changeServiceType,
  digitsOnly,
  SERVICE_FIELDS,
  serviceFormValues,
  toServicePayload,
  type ServiceFormErrors,
  type ServiceFormValues,
} from '../lib/service-form.ts';

export interface ServicePanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service being edited; null adds a new one. */
  service: Service | null;
}

/** The right-hand panel that adds or edits a service (spec §2 Catalog: services). */
export function ServicePanel({ open, onOpenChange, service }: ServicePanelProps) {
  const formId = `${useId()}-service-form`;
  const save = useSaveService();
  return (
    <SidePanel
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
      title={service ? 'Edit service' : 'Add service'}
      footer={
        <>
          <Button theme="white" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {service ? 'Save changes' : 'Create service'}
          </Button>
        </>
      }
    >
      <ServiceForm
        key={service?.id ?? 'new'}
        formId={formId}
        service={service}
        save={save}
        onSaved={() => onOpenChange(false)}
      />
    </SidePanel>
  );
}

function ServiceForm({
  formId,
  service,
  save,
  onSaved,
}: {
  formId: string;
  service: Service | null;
  save: ReturnType<typeof useSaveService>;
  onSaved: () => void;
}) {
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ServiceFormValues>(() => serviceFormValues(service));
  const [errors, setErrors] = useState<ServiceFormErrors>({});
  const revealFirstError = useRevealFirstError(formRef);


  const showErrors = (next: ServiceFormErrors) => {
    setErrors(next);
    revealFirstError();
  };

  const set = <K extends keyof ServiceFormValues>(key: K, value: ServiceFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = toServicePayload(values);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: service?.id, payload: checked.payload },
      {
        onSuccess: () => {
          toast({ title: service ? 'Service updated' : 'Service created' });
          onSaved();
        },
        onError: (error) => {
          if (isApiError(error, 422)) {
            const fields = error.fieldErrors();
            const next: ServiceFormErrors = {};
            for (const field of SERVICE_FIELDS) if (fields[field]) next[field] = fields[field];
            if (Object.keys(next).length === 0) toast({ title: 'Oops!', description: error.message, theme: 'error' });
            showErrors(next);
          } else if (!isApiError(error, 401)) {
            toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
          }
        },
      },
    );
  };

  const isClass = values.type === 'class';

  return (
    <form id={formId} ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Field label="Name" error={errors.name}>
        <Input
          name="name"
          autoComplete="off"
          autoFocus={!service}
          placeholder="e.g. Personal training"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
        />
      </Field>

      <Field label="Type" error={errors.type}>
        <SegmentedControl
          aria-label="Type"
          value={values.type}
          onChange={(type) => {
            setValues((current) => changeServiceType(current, type, service));
            setErrors((current) => ({ ...current, type: undefined, capacity: undefined }));
          }}
          options={[
            { value: 'appointment', label: 'Appointment', detail: 'One client at a time' },
            { value: 'class', label: 'Class', detail: 'A group session' },
          ]}
        />
      </Field>

      <Field label="Description" error={errors.description} aside="Optional">
        <RichTextEditor
          aria-label="Description"
          placeholder="What clients can expect, what to bring…"
          value={values.description}
          onChange={(html) => set('description', html)}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Price" error={errors.price}>
          <PriceInput name="price" value={values.price} onChange={(price) => set('price', price)} />
        </Field>
        <Field label="Duration (minutes)" error={errors.duration} hint={`1 to ${DURATION_MAX_MINUTES} minutes.`}>
          <Input
            name="duration"
            inputMode="numeric"
            autoComplete="off"
            placeholder="60"
            value={values.duration}
            onChange={(event) => set('duration', digitsOnly(event.target.value))}
          />
        </Field>
      </div>

      <Field label="Location" error={errors.location} aside="Optional">
        <Input
          name="location"
          autoComplete="off"
          placeholder="e.g. Studio 2, Harbour Street 12 — or Online"
          value={values.location}
          onChange={(event) => set('location', event.target.value)}
        />
      </Field>

      {isClass && (
        <Field label="Capacity" error={errors.capacity} hint={`How many clients can join one class (0 to ${CAPACITY_MAX}).`}>
          <Input
            name="capacity"
            inputMode="numeric"
            autoComplete="off"
            value={values.capacity}
            onChange={(event) => set('capacity', digitsOnly(event.target.value))}
            className="sm:max-w-40"
          />
        </Field>
      )}
    </form>
  );
}
