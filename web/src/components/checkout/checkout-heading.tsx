import type { ReactNode, Ref } from 'react';
import { CheckIcon } from 'lucide-react';

/**
 * A checkout page's heading ('Checkout', then what confirmation says), with a check once done. It
 * takes the focus when the Confirm button goes away with the checkout, hence the ref and tabIndex.
 */
export function CheckoutHeading({
  children,
  done,
  headingRef,
}: {
  children: ReactNode;
  done: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <h1
      ref={headingRef}
      tabIndex={-1}
      className="flex items-center gap-3 text-2xl font-semibold tracking-tight text-zinc-900 outline-none sm:text-3xl"
    >
      {done && (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 sm:size-10">
          <CheckIcon className="size-5 sm:size-6" strokeWidth={2.4} />
        </span>
      )}
      {children}
    </h1>
  );
}
