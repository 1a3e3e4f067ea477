import { Controller, useWatch } from 'react-hook-form';
import { CAPACITY_MAX, DURATION_MAX_MINUTES, WAITLIST_SIZE_MAX, type Service } from '@slotted/contract';
import { CountField, DescriptionField, PriceField } from '../../../components/catalog/catalog-fields.tsx';
import { CatalogPanel, type CatalogForm } from '../../../components/catalog/catalog-panel.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useSaveService, type ServicePayload } from '../api/save-service.ts';
import { changeServiceType, serviceFormSchema, serviceFormValues } from '../lib/service-form.ts';

export interface ServicePanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service being edited; null adds a new one. */
  service: Service | null;
}

/**
 * The right-hand panel that adds or edits a service (docs/product-rules.md#catalog-and-clients).
 */
export function ServicePanel({ open, onOpenChange, service }: ServicePanelProps) {
  const save = useSaveService();
  return (
    <CatalogPanel
      open={open}
      onOpenChange={onOpenChange}
      title={service ? 'Edit service' : 'Add service'}
      submitLabel={service ? 'Save changes' : 'Create service'}
      formName="service"
      id={service?.id}
      save={save}
      savedTitle={service ? 'Service updated' : 'Service created'}
    >
      {(form) => <ServiceForm key={service?.id ?? 'new'} {...form} service={service} />}
    </CatalogPanel>
  );
}

function ServiceForm({ formId, onSave, service }: CatalogForm<ServicePayload> & { service: Service | null }) {
  const { form, ref, submit, failed, errorOf } = useApiForm(serviceFormSchema, { defaultValues: serviceFormValues(service) });
  const { control, register } = form;
  const isClass = useWatch({ control, name: 'type' }) === 'class';

  const onSubmit = submit((payload) => onSave(payload, failed));

  return (
    <form id={formId} ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Field label="Name" error={errorOf('name')}>
        <Input {...register('name')} autoComplete="off" autoFocus={!service} placeholder="e.g. Personal training" />
      </Field>

      <Field label="Type" error={errorOf('type')}>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <SegmentedControl
              aria-label="Type"
              value={field.value}
              onChange={(type) => {
                form.setValue('capacity', changeServiceType(form.getValues(), type, service).capacity);
                form.clearErrors('capacity');
                field.onChange(type);
              }}
              options={[
                { value: 'appointment', label: 'Appointment', detail: 'One client at a time' },
                { value: 'class', label: 'Class', detail: 'A group session' },
              ]}
            />
          )}
        />
      </Field>

      <DescriptionField
        control={control}
        name="description"
        error={errorOf('description')}
        placeholder="What clients can expect, what to bring…"
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <PriceField control={control} name="price" error={errorOf('price')} />
        <CountField
          control={control}
          name="duration"
          error={errorOf('duration')}
          label="Duration (minutes)"
          hint={`1 to ${DURATION_MAX_MINUTES} minutes.`}
          placeholder="60"
        />
      </div>

      <Field label="Location" error={errorOf('location')} aside="Optional">
        <Input {...register('location')} autoComplete="off" placeholder="e.g. Studio 2, Harbour Street 12 — or Online" />
      </Field>

      {isClass && (
        <CountField
          control={control}
          name="capacity"
          error={errorOf('capacity')}
          label="Capacity"
          hint={`How many clients can join one class (0 to ${CAPACITY_MAX}).`}
          inputClassName="sm:max-w-40"
        />
      )}
      {isClass && (
        <CountField
          control={control}
          name="waitlist_size"
          error={errorOf('waitlist_size')}
          label="Waitlist size"
          hint={`How many clients can wait for a place when a class is full (0 = no waitlist, up to ${WAITLIST_SIZE_MAX}).`}
          inputClassName="sm:max-w-40"
        />
      )}
    </form>
  );
}
