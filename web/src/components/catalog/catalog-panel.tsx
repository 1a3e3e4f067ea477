import { useId, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { SidePanel } from '../ui/side-panel.tsx';
import { useToast } from '../ui/toast.tsx';

/** What a catalog panel hands its form: the form's id (the footer's submit button names it) and saving. */
export interface CatalogForm<P> {
  formId: string;
  /** Saves the payload (once at a time), says `savedTitle` and closes the panel; `onError` shows a failure. */
  onSave: (payload: P, onError: (error: Error) => void) => void;
}

/** Saves one thing of the catalog: POST new (id undefined) or POST over the one with that id. */
export interface CatalogSave<P> {
  isPending: boolean;
  reset: () => void;
  mutate: (variables: { id?: number; payload: P }, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * The right-hand panel that adds or edits one thing of the catalog, a service or a plan
 * (docs/product-rules.md#catalog-and-clients): Cancel, and the submit button of the form inside,
 * busy while saving; once saved it says so and closes; closing forgets the last save's outcome.
 */
export function CatalogPanel<P>({
  open,
  onOpenChange,
  id,
  title,
  size,
  submitLabel,
  formName,
  save,
  savedTitle,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The edited item's id; undefined adds a new one. */
  id: number | undefined;
  title: string;
  size?: 'l';
  submitLabel: string;
  /** Names the form's id ('service' gives '…-service-form'). */
  formName: string;
  save: CatalogSave<P>;
  /** The toast once saved, e.g. 'Service created'. */
  savedTitle: string;
  children: (form: CatalogForm<P>) => ReactNode;
}) {
  const formId = `${useId()}-${formName}-form`;
  const { toast } = useToast();
  const onSave = (payload: P, onError: (error: Error) => void) => {
    if (save.isPending) return;
    save.mutate(
      { id, payload },
      {
        onSuccess: () => {
          toast({ title: savedTitle });
          onOpenChange(false);
        },
        onError,
      },
    );
  };
  return (
    <SidePanel
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
      title={title}
      size={size}
      footer={
        <>
          <Button theme="white" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children({ formId, onSave })}
    </SidePanel>
  );
}
