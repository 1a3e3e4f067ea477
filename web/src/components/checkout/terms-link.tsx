import { useRef, useState } from 'react';
import { LockIcon } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { CardBrands } from './card-brands.tsx';
import { LazyDialog } from '../ui/lazy-dialog.tsx';
import { isRichTextEmpty } from '../../lib/rich-text-plain.ts';
import { LazyRichTextView as RichTextView } from '../ui/lazy-rich-text-view.tsx';

/**
 * Terms count as empty when blank or an empty paragraph
 * (docs/product-rules.md#limits-and-validation).
 */
export function hasTerms(html: string | null | undefined): boolean {
  return !isRichTextEmpty(html);
}

/**
 * A 'Terms and conditions' link opening a dialog with the provider's terms (sanitised HTML);
 * nothing at all when the provider has none (docs/product-rules.md#appointment-confirmation).
 */
export function TermsLink({ html, providerName }: { html: string | null | undefined; providerName: string }) {
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLButtonElement>(null);
  if (!hasTerms(html)) return null;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // The dialog has no trigger of its own: give the focus back to the link.
    if (!next) window.setTimeout(() => link.current?.focus(), 0);
  };
  return (
    <>
      <button
        ref={link}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        // At least 24 px tall: a tap target WCAG 2.2 (2.5.8) accepts; the text alone is 16 px.
        className="inline-flex min-h-6 items-center rounded font-medium text-brand-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        Terms and conditions
      </button>
      <LazyDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Terms and conditions"
        description={`${providerName}’s terms of service`}
        className="max-w-lg"
        footer={
          <Button theme="white" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        }
      >
        <RichTextView html={html} />
      </LazyDialog>
    </>
  );
}

/**
 * The checkout's closing line: with a card payment, 'Payments are secure and encrypted' with a
 * lock and the card brands; in every case the provider's terms link.
 */
export function SecurePaymentsNote({
  terms,
  providerName,
  card,
}: {
  terms: string | null | undefined;
  providerName: string;
  card: boolean;
}) {
  if (!card && !hasTerms(terms)) return null;
  return (
    <p className="mt-4 flex flex-wrap items-center justify-center gap-x-1.5 gap-y-1 text-center text-xs text-zinc-500">
      {card && (
        <>
          <LockIcon className="size-3.5 shrink-0" />
          <span>Payments are secure and encrypted</span>
          <CardBrands />
        </>
      )}
      <TermsLink html={terms} providerName={providerName} />
    </p>
  );
}
