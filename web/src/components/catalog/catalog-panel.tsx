import { useId, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { SidePanel } from '../ui/side-panel.tsx';

/**
 * The right-hand panel that adds or edits one thing of the catalog, a service or a plan
 * (docs/product-rules.md#catalog-and-clients): Cancel, and the submit button of the form inside,
 * busy while `save` is pending; closing forgets the last save's outcome.
 */
export function CatalogPanel({
  open,
  onOpenChange,
  title,
  size,
  submitLabel,
  formName,
  save,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  size?: 'l';
  submitLabel: string;
  /** Names the form's id ('service' gives '…-service-form'). */
  formName: string;
  save: { isPending: boolean; reset: () => void };
  /** The form, with this id, closing the panel once saved. */
  children: (formId: string, onSaved: () => void) => ReactNode;
}) {
  const formId = `${useId()}-${formName}-form`;
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
      {children(formId, () => onOpenChange(false))}
    </SidePanel>
  );
}
