import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { digitsOnly } from '../../lib/forms/digits-only.ts';
import { Field, Input } from '../ui/field.tsx';
import { LazyRichTextEditor as RichTextEditor } from '../ui/lazy-rich-text-editor.tsx';
import { PriceInput } from '../ui/price-input.tsx';

/** The fields every thing of the catalog has, written once for services and plans. */
interface CatalogFieldProps<T extends FieldValues> {
  /** The form's control, whatever its resolver parses the values into. */
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  error: string | undefined;
}

/** An optional rich-text description; `placeholder` says what it is for. */
export function DescriptionField<T extends FieldValues>({
  control,
  name,
  error,
  placeholder,
}: CatalogFieldProps<T> & { placeholder: string }) {
  return (
    <Field label="Description" error={error} aside="Optional">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor aria-label="Description" placeholder={placeholder} value={field.value} onChange={field.onChange} />
        )}
      />
    </Field>
  );
}

/** The price in euros; `suffix` says what it is per (a month, one-time). */
export function PriceField<T extends FieldValues>({ control, name, error, suffix }: CatalogFieldProps<T> & { suffix?: string }) {
  return (
    <Field label="Price" error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <PriceInput name={name} value={field.value} onChange={field.onChange} suffix={suffix} />}
      />
    </Field>
  );
}

/** A whole number typed as digits (a duration, a capacity, a quantity): anything else is dropped as it is typed. */
export function CountField<T extends FieldValues>({
  control,
  name,
  error,
  label,
  hint,
  placeholder,
  className,
  inputClassName,
}: CatalogFieldProps<T> & { label: string; hint?: string; placeholder?: string; className?: string; inputClassName?: string }) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Input
            name={field.name}
            inputMode="numeric"
            autoComplete="off"
            placeholder={placeholder}
            value={field.value}
            onChange={(event) => field.onChange(digitsOnly(event.target.value))}
            className={inputClassName}
          />
        )}
      />
    </Field>
  );
}
