import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useToast } from '../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../api-client.ts';

/**
 * A form's Zod schema (the contract's, or one built from it), or a function importing it: a public
 * page passes the import, so zod loads once someone types in the form instead of with the page
 * (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md). The function must be a
 * module-level constant, so the form keeps one schema across renders.
 */
export type FormSchema<TOutput> = z.ZodType<TOutput, FieldValues> | (() => Promise<z.ZodType<TOutput, FieldValues>>);

export interface ApiFormOptions<TValues extends FieldValues> {
  /** What the fields hold when the form opens. */
  defaultValues: TValues;
  /**
   * Which field shows a 422 message keyed `key` (the API's field names), or null when the form has
   * no such field. By default a key names the field of the same name.
   */
  fieldOf?: (key: string) => Path<TValues> | null;
}

export interface ApiForm<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The <form> element, to find the first field with an error. */
  ref: RefObject<HTMLFormElement | null>;
  /**
   * The <form>'s onSubmit: checks the fields with the schema (the contract's, which the server uses
   * too), then hands the parsed request to `onValid`; otherwise shows the messages and reveals the first.
   */
  submit: (onValid: SubmitHandler<TOutput>) => (event?: BaseSyntheticEvent) => Promise<unknown>;
  /**
   * A failed save: puts a 422's per-field messages under the form's fields and reveals the first.
   * Answers false when no field took a message (not a 422, or only fields the form does not have),
   * so the caller says what went wrong some other way.
   */
  showServerErrors: (error: unknown) => boolean;
  /**
   * The usual onError of a save: the 422's messages on the fields, or else an 'Oops!' toast with the
   * server's message (nothing for a 401: the app is already on its way to /login).
   */
  failed: (error: unknown) => void;
  /** The message under a field, if any. */
  errorOf: (name: Path<TValues>) => string | undefined;
}

/**
 * The one way to write a form (react-hook-form with the contract's Zod schema):
 * docs/product-rules.md#limits-and-validation wants a failed save to show each message under its
 * field and to scroll to, and focus, the first one.
 */
export function useApiForm<TValues extends FieldValues, TOutput>(
  schema: FormSchema<TOutput>,
  { defaultValues, fieldOf }: ApiFormOptions<TValues>,
): ApiForm<TValues, TOutput> {
  const { resolver, preload } = useMemo(() => lazyResolver<TValues, TOutput>(schema), [schema]);
  const form = useForm<TValues, unknown, TOutput>({
    defaultValues: defaultValues as DefaultValues<TValues>,
    resolver,
    // Our reveal scrolls as well, and also reaches controls that are not registered inputs.
    shouldFocusError: false,
    // Like the server's answer, a message stays until the next save; editing the field clears it.
    reValidateMode: 'onSubmit',
  });
  const ref = useRef<HTMLFormElement>(null);
  const reveal = useRevealFirstError(ref);
  const { clearErrors, setError, subscribe, formState } = form;

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          // A typed edit is `change` under React and the browser's `input` under Preact, which
          // renders the app (docs/decisions/0020-preact-renders-the-app.md); the types know React's.
          const event: string | undefined = type;
          if (!name || (event !== 'change' && event !== 'input')) return;
          clearErrors(name as Path<TValues>);
          // Someone is filling the form in: the check it needs on submit starts loading now.
          preload();
        },
      }),
    [subscribe, clearErrors, preload],
  );

  const submit = useCallback((onValid: SubmitHandler<TOutput>) => form.handleSubmit(onValid, reveal), [form, reveal]);

  const showServerErrors = useCallback(
    (error: unknown) => {
      if (!isApiError(error, 'validation_failed')) return false;
      let shown = false;
      for (const [key, messages] of Object.entries(error.errors)) {
        const name = fieldOf ? fieldOf(key) : (key as Path<TValues>);
        if (!name || !messages[0] || (!fieldOf && !((key.split('.')[0] ?? key) in defaultValues))) continue;
        setError(name, { type: 'server', message: messages[0] });
        shown = true;
      }
      if (shown) reveal();
      return shown;
    },
    [fieldOf, defaultValues, setError, reveal],
  );

  const { toast } = useToast();
  const failed = (error: unknown) => {
    if (showServerErrors(error) || isApiError(error, 'unauthenticated')) return;
    toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
  };

  const errorOf = (name: Path<TValues>): string | undefined => (get(formState.errors, name) as { message?: string } | undefined)?.message;

  return { form, ref, submit, showServerErrors, failed, errorOf };
}

/**
 * react-hook-form's zod resolver, loaded with the form's first check (or `preload`), with the
 * schema when `schema` is its import: neither zod nor the resolver is part of a page's first load.
 */
function lazyResolver<TValues extends FieldValues, TOutput>(
  schema: FormSchema<TOutput>,
): { resolver: Resolver<TValues, unknown, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), typeof schema === 'function' ? schema() : schema]).then(
      // The contract's schemas read any object (each field is checked from `unknown`), so they
      // accept every TValues; TypeScript cannot see it through the resolver's options type, hence `as`.
      ([{ zodResolver }, loaded]) => zodResolver<FieldValues, unknown, TOutput>(loaded) as Resolver<TValues, unknown, TOutput>,
      (error: unknown) => {
        // A failed load (e.g. offline) is tried again on the next check.
        loading = undefined;
        throw error;
      },
    ));
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    // A failed preload is tried again by the check itself.
    preload: () => void load().catch(() => undefined),
  };
}

/**
 * Scrolls to, and focuses, the first field with an error once it is on screen. Fields mark
 * themselves with `data-invalid` (the Field wrapper) or `aria-invalid` (the control).
 */
function useRevealFirstError(container: RefObject<HTMLElement | null>): () => void {
  const [round, setRound] = useState(0);
  // A layout effect: the focus moves in the same commit as the messages appear (Preact runs plain
  // effects only after the next frame).
  useLayoutEffect(() => {
    if (round === 0) return;
    // The messages a failed validation sets may render a frame after this effect: look again for
    // a few frames rather than give up (a long page would otherwise leave the error off screen).
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const first = container.current?.querySelector<HTMLElement>('[data-invalid], [aria-invalid="true"]');
      if (!first) {
        if (tries++ < 10) frame = requestAnimationFrame(attempt);
        return;
      }
      first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      const control = first.matches('[aria-invalid="true"]')
        ? first
        : (first.querySelector<HTMLElement>('[aria-invalid="true"]') ?? first.querySelector<HTMLElement>('input, textarea, button'));
      control?.focus({ preventScroll: true });
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [round, container]);
  return useCallback(() => setRound((r) => r + 1), []);
}
