import { createContext, forwardRef, useContext, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** Props a form control needs to be tied to its Field's label, hint and error. */
export function useFieldControl(): { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: true } {
  const field = useContext(FieldContext);
  if (!field) return {};
  return { id: field.id, 'aria-describedby': field.describedBy, 'aria-invalid': field.invalid || undefined };
}

/** The id of the Field's label, for a control that names itself with `aria-labelledby` (React Aria's). */
export function useFieldLabelId(): string | undefined {
  const field = useContext(FieldContext);
  return field ? `${field.id}-label` : undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The control's id; generated when omitted. */
  id?: string;
  /** Visually hides the label (it still names the control). */
  hideLabel?: boolean;
  className?: string;
  /** Shown at the label's right (e.g. "Optional"). */
  aside?: ReactNode;
  children: ReactNode;
}

export function Field({ label, hint, error, id, hideLabel, className, aside, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error) }}>
      <div className={cn('flex flex-col gap-1.5', className)} data-invalid={error ? '' : undefined}>
        <div className={cn('flex items-baseline justify-between gap-2', hideLabel && 'sr-only')}>
          <label id={`${controlId}-label`} htmlFor={controlId} className="text-sm font-medium text-zinc-800">
            {label}
          </label>
          {aside && <span className="text-xs text-zinc-500">{aside}</span>}
        </div>
        {children}
        {error && (
          <p id={errorId} className="text-sm text-red-600">
            {error}
          </p>
        )}
        {hint && (
          <p id={hintId} className="text-xs text-zinc-500">
            {hint}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}

export const controlClasses =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 text-[15px] text-zinc-900 shadow-xs transition-colors sm:text-sm ' +
  'placeholder:text-zinc-400 hover:border-zinc-400 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/20 ' +
  'disabled:cursor-not-allowed disabled:border-zinc-200 disabled:bg-zinc-50 disabled:text-zinc-500 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Text or element shown inside the field before the value (e.g. a URL prefix). */
  prefix?: string;
  /** Text shown inside the field after the value (e.g. 'per month'). */
  suffix?: string;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, prefix, suffix, ...props }, ref) {
  const control = useFieldControl();
  if (prefix || suffix) {
    return (
      <div
        className={cn(
          'flex w-full items-stretch overflow-hidden rounded-lg border border-zinc-300 bg-white shadow-xs transition-colors',
          'focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/20 hover:border-zinc-400',
          'has-aria-invalid:border-red-500',
        )}
      >
        {prefix && (
          <span className="flex max-w-[55%] items-center truncate border-r border-zinc-200 bg-zinc-50 px-3 text-sm text-zinc-500 select-none">
            <span className="truncate" title={prefix}>
              {prefix}
            </span>
          </span>
        )}
        <input
          ref={ref}
          {...control}
          {...props}
          className={cn('h-10 min-w-0 flex-1 bg-transparent px-3 text-[15px] text-zinc-900 outline-none sm:text-sm', className)}
        />
        {suffix && <span className="flex shrink-0 items-center pr-3 text-sm whitespace-nowrap text-zinc-500 select-none">{suffix}</span>}
      </div>
    );
  }
  return <input ref={ref} {...control} {...props} className={cn(controlClasses, 'h-10', className)} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  const control = useFieldControl();
  return <textarea ref={ref} rows={rows} {...control} {...props} className={cn(controlClasses, 'py-2 leading-relaxed', className)} />;
});
