import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type Path } from 'react-hook-form';
import { ImageIcon, PlusIcon, XIcon } from 'lucide-react';
import { PLAN_BENEFITS_MAX, PLAN_COVER_MAX_BYTES, PLAN_GROUPS_MAX, PLAN_VALID_FOR_MONTHS, type ProviderPlan } from '@slotted/contract';
import { CountField, DescriptionField, PriceField } from '../../../components/catalog/catalog-fields.tsx';
import { CatalogPanel, type CatalogForm } from '../../../components/catalog/catalog-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useApiForm } from '../../../lib/forms/use-api-form.ts';
import { useServices } from '../../../lib/services/get-services.ts';
import { useSavePlan, type PlanPayload } from '../api/save-plan.ts';
import { planFieldOf, planFormSchema, planFormValues, type PickedCover, type PlanFormValues, type ValidFor } from '../lib/plan-form.ts';

export interface PlanPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan being edited; null adds a new one. */
  plan: ProviderPlan | null;
}

const VALID_FOR_OPTIONS = PLAN_VALID_FOR_MONTHS.map((months) => ({
  value: months,
  title: months === '1' ? '1 month' : `${months} months`,
}));

/**
 * The right-hand drawer that adds or edits a plan (docs/product-rules.md#catalog-and-clients):
 * General, Pricing, Benefits and Services.
 */
export function PlanPanel({ open, onOpenChange, plan }: PlanPanelProps) {
  const save = useSavePlan();
  return (
    <CatalogPanel
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? 'Edit plan' : 'Add plan'}
      size="l"
      submitLabel="Save changes"
      formName="plan"
      id={plan?.id}
      save={save}
      savedTitle={plan ? 'Plan updated' : 'Plan created'}
    >
      {(form) => <PlanForm key={plan?.id ?? 'new'} {...form} plan={plan} />}
    </CatalogPanel>
  );
}

function PlanForm({ formId, onSave, plan }: CatalogForm<PlanPayload> & { plan: ProviderPlan | null }) {
  const { form, ref, submit, showServerErrors, errorOf } = useApiForm(planFormSchema, {
    defaultValues: planFormValues(plan),
    fieldOf: (key) => planFieldOf(key) as Path<PlanFormValues>,
  });
  const { control, register, setValue } = form;
  const interval = useWatch({ control, name: 'interval' });
  const cover = useWatch({ control, name: 'cover_upload' });
  const benefits = useFieldArray({ control, name: 'benefits' });
  const groups = useFieldArray({ control, name: 'services' });

  // Free the previews' object URLs when the drawer's form goes away.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const picked = (file: File): PickedCover => {
    const url = URL.createObjectURL(file);
    previews.current.push(url);
    return { file, url };
  };
  const coverUrl = cover?.url ?? plan?.cover ?? null;

  // Only a 422 is shown; other save failures are silent (docs/product-rules.md#failures-and-messages).
  const onSubmit = submit((payload) => onSave(payload, showServerErrors));

  return (
    <form id={formId} ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-8">
      <Section title="General">
        <Field label="Name" error={errorOf('name')}>
          <Input {...register('name')} autoComplete="off" autoFocus={!plan} placeholder="e.g. Premium Plan" />
        </Field>
        <DescriptionField
          control={control}
          name="description"
          error={errorOf('description')}
          placeholder="What the plan includes, who it is for…"
        />
        <CoverField
          error={errorOf('cover_upload')}
          coverUrl={coverUrl}
          onPick={(file) => setValue('cover_upload', picked(file))}
          // Only a new pick can be taken back: a saved cover is replaced, never removed.
          onRemove={cover ? () => setValue('cover_upload', null) : undefined}
        />
      </Section>

      <Section title="Pricing">
        <Field label="Payment" error={errorOf('interval')} hideLabel>
          <Controller
            control={control}
            name="interval"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Payment"
                value={field.value}
                onChange={field.onChange}
                options={[
                  { value: 'month', label: 'Membership', detail: 'Charge an ongoing fee' },
                  { value: 'once', label: 'Single payment', detail: 'Charge a one-time fee' },
                ]}
              />
            )}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <PriceField control={control} name="price" error={errorOf('price')} suffix={interval === 'month' ? 'per month' : 'one-time'} />
          {interval === 'once' && (
            <Field label="Valid for" error={errorOf('expires_in')}>
              <Controller
                control={control}
                name="expires_in"
                render={({ field }) => <Select<ValidFor> value={field.value} onChange={field.onChange} options={VALID_FOR_OPTIONS} />}
              />
            </Field>
          )}
        </div>
      </Section>

      <Section title="Benefits" error={errorOf('benefits')}>
        {benefits.fields.length > 0 && (
          <ul className="flex flex-col gap-2">
            {benefits.fields.map((line, index) => (
              <li key={line.id} className="flex items-start gap-2">
                <Field label={`Benefit ${index + 1}`} hideLabel error={errorOf(`benefits.${index}.text`)} className="flex-1">
                  <Input {...register(`benefits.${index}.text`)} autoComplete="off" placeholder="e.g. 5 class passes included" />
                </Field>
                <RemoveButton label={`Remove benefit ${index + 1}`} onClick={() => benefits.remove(index)} />
              </li>
            ))}
          </ul>
        )}
        <AddButton disabled={benefits.fields.length >= PLAN_BENEFITS_MAX} onClick={() => benefits.append({ text: '' })}>
          Add benefit
        </AddButton>
      </Section>

      <Section title="Services" error={errorOf('services')}>
        {groups.fields.length > 0 && (
          <ul className="flex flex-col gap-3">
            {groups.fields.map((group, index) => (
              <li key={group.id} className="rounded-xl border border-zinc-200 bg-zinc-50/60 p-4">
                <div className="flex items-start gap-2">
                  <div className="grid min-w-0 flex-1 gap-4 sm:grid-cols-[1fr_8rem]">
                    <Field label="Services" error={errorOf(`services.${index}.services`)} className="min-w-0">
                      <Controller
                        control={control}
                        name={`services.${index}.services`}
                        render={({ field }) => <ServicesSelect value={field.value} onChange={field.onChange} />}
                      />
                    </Field>
                    <CountField
                      control={control}
                      name={`services.${index}.quantity`}
                      error={errorOf(`services.${index}.quantity`)}
                      label="Quantity"
                      className="min-w-0"
                    />
                  </div>
                  <RemoveButton label={`Remove service group ${index + 1}`} onClick={() => groups.remove(index)} className="mt-6" />
                </div>
              </li>
            ))}
          </ul>
        )}
        <AddButton disabled={groups.fields.length >= PLAN_GROUPS_MAX} onClick={() => groups.append({ quantity: '1', services: [] })}>
          Add service
        </AddButton>
      </Section>
    </form>
  );
}

/** The provider's services to choose from; failing to load them is only logged (docs/product-rules.md#failures-and-messages). */
function ServicesSelect({ value, onChange }: { value: number[]; onChange: (value: number[]) => void }) {
  const services = useServices();
  useEffect(() => {
    if (services.error) console.error('Could not load the services', services.error);
  }, [services.error]);
  return (
    <Select<number>
      multiple
      searchable
      value={value}
      onChange={onChange}
      placeholder="Select one or more services"
      emptyText="No services yet"
      options={(services.data ?? []).map((service) => ({ value: service.id, title: service.name }))}
    />
  );
}

function CoverField({
  error,
  coverUrl,
  onPick,
  onRemove,
}: {
  error?: string;
  coverUrl: string | null;
  onPick: (file: File) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  const hint = 'Optional, size 1600 x 900 (16:9), up to 2MB';
  return (
    <div className="flex flex-col gap-2" data-invalid={error ? '' : undefined} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-medium text-zinc-800">
        Image
      </span>
      <ImagePicker
        label="image"
        layout="stack"
        maxBytes={PLAN_COVER_MAX_BYTES}
        hasImage={Boolean(coverUrl)}
        onPick={onPick}
        onRemove={onRemove}
        invalid={Boolean(error)}
        describedBy={[error && `${id}-error`, `${id}-hint`].filter(Boolean).join(' ')}
        preview={
          <div className="aspect-[16/9] w-full max-w-sm overflow-hidden rounded-xl border border-zinc-200 bg-gradient-to-br from-brand-50 via-zinc-50 to-brand-100">
            {coverUrl ? (
              <img src={coverUrl} alt="Image preview" className="size-full object-cover" />
            ) : (
              <div className="flex size-full items-center justify-center text-zinc-400">
                <ImageIcon className="size-6" />
              </div>
            )}
          </div>
        }
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs text-zinc-500">
        {hint}
      </p>
    </div>
  );
}

function Section({ title, error, children }: { title: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4" data-invalid={error ? '' : undefined}>
      <h3 id={id} className="border-b border-zinc-100 pb-2 text-sm font-semibold text-zinc-900">
        {title}
      </h3>
      {error && <p className="text-sm text-red-600">{error}</p>}
      {children}
    </section>
  );
}

function AddButton({ onClick, disabled, children }: { onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <Button
      theme="white"
      size="s"
      leadingIcon={<PlusIcon className="size-4" />}
      onClick={onClick}
      disabled={disabled}
      className="self-start"
    >
      {children}
    </Button>
  );
}

function RemoveButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <Button theme="ghost" size="s" aria-label={label} title={label} onClick={onClick} className={className}>
      <XIcon className="size-4" />
    </Button>
  );
}
