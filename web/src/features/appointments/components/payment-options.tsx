import { useId, type ReactNode } from 'react';
import { RadioGroup } from 'radix-ui';
import type { PaymentOption } from '@slotted/contract';
import { CircleExclamationPointIcon, TicketIcon } from 'lucide-react';
import { Segmented } from '../../../components/ui/segmented.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatMoney } from '../../../lib/format.ts';
import { PAYMENT_OPTION_LABELS, type UsableMembership } from '../lib/payment-options.ts';

export const REBOOK_TEXT = 'You have paid for this service before. Please confirm if you wish to re-book again.';
export const CARD_PAYMENTS_UNAVAILABLE = 'Card payments are not available yet';

export interface PaymentOptionsProps {
  /**
   * The offered options, in the server's order
   * (docs/product-rules.md#confirmation-and-payment-options).
   */
  options: PaymentOption[];
  value: PaymentOption;
  onValueChange: (value: PaymentOption) => void;
  providerName: string;
  memberships: UsableMembership[];
  membershipId: string | null;
  onMembershipChange: (id: string) => void;
}

/**
 * Payment options (docs/product-rules.md#confirmation-and-payment-options): tabs only when there is
 * more than one option; otherwise the one option's panel on its own. Re-book, Pay now (the card
 * element's place), Pay in person and My memberships (a radio list).
 */
export function PaymentOptions({ options, value, onValueChange, ...panel }: PaymentOptionsProps) {
  if (options.length === 0) return null;
  if (options.length === 1) return <OptionPanel option={options[0]} {...panel} />;
  return (
    <Segmented
      label="Payment options"
      value={value}
      onValueChange={(next) => onValueChange(next as PaymentOption)}
      // Three options fit a phone's width too: no wrapping, less padding.
      listClassName="flex w-full [&>button]:min-w-0 [&>button]:px-2 [&>button]:whitespace-nowrap sm:[&>button]:px-4"
      items={options.map((option) => ({
        value: option,
        label: PAYMENT_OPTION_LABELS[option],
        content: <OptionPanel option={option} {...panel} />,
      }))}
    />
  );
}

function OptionPanel({
  option,
  providerName,
  memberships,
  membershipId,
  onMembershipChange,
}: { option: PaymentOption } & Omit<PaymentOptionsProps, 'options' | 'value' | 'onValueChange'>) {
  switch (option) {
    case 'rebook':
      return <Text>{REBOOK_TEXT}</Text>;
    case 'in_person':
      return (
        <Text>
          Please pay <strong className="font-semibold text-zinc-900">{providerName}</strong> in person upon arrival. Nothing is charged now.
        </Text>
      );
    case 'pay_now':
      return <CardElementPlaceholder />;
    case 'membership':
      return <MembershipChoice memberships={memberships} value={membershipId} onChange={onMembershipChange} />;
  }
}

function Text({ children }: { children: ReactNode }) {
  return <p className="text-sm leading-relaxed text-zinc-600">{children}</p>;
}

/**
 * Where the embedded card payment element goes (docs/product-rules.md#appointment-confirmation).
 * Card payments are not set up on this installation yet (docs/product-rules.md#payments), so it
 * stays a placeholder.
 */
function CardElementPlaceholder() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50 p-4" role="status">
      <div className="flex flex-col gap-2.5" aria-hidden="true">
        <div className="h-10 rounded-lg border border-zinc-200 bg-white" />
        <div className="grid grid-cols-2 gap-2.5">
          <div className="h-10 rounded-lg border border-zinc-200 bg-white" />
          <div className="h-10 rounded-lg border border-zinc-200 bg-white" />
        </div>
      </div>
      <p className="mt-3 text-center text-sm text-zinc-600">{CARD_PAYMENTS_UNAVAILABLE}</p>
    </div>
  );
}

function MembershipChoice({
  memberships,
  value,
  onChange,
}: {
  memberships: UsableMembership[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const ids = useId();
  if (memberships.length === 0) return <Text>You have no membership that covers this service.</Text>;
  return (
    <RadioGroup.Root value={value ?? undefined} onValueChange={onChange} aria-label="Your memberships" className="flex flex-col gap-2">
      {memberships.map((membership) => {
        const id = String(membership.id);
        const checked = value === id;
        const quantity = membership.quantity_count ?? null;
        const used = membership.used_count ?? null;
        const available = membership.available_count ?? (quantity !== null && used !== null ? quantity - used : null);
        const usage = quantity && used !== null ? Math.min(100, Math.round((used / quantity) * 100)) : null;
        return (
          <label
            key={id}
            htmlFor={`${ids}-${id}`}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors',
              checked ? 'border-brand-500 bg-brand-50/50 ring-1 ring-brand-500' : 'border-zinc-200 hover:bg-zinc-50',
            )}
          >
            <RadioGroup.Item
              id={`${ids}-${id}`}
              value={id}
              className="mt-1 flex size-4 shrink-0 items-center justify-center rounded-full border border-zinc-400 bg-white outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 data-[state=checked]:border-brand-600"
            >
              <RadioGroup.Indicator className="size-2 rounded-full bg-brand-600" />
            </RadioGroup.Item>
            {membership.cover ? (
              <img src={membership.cover} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600" aria-hidden="true">
                <TicketIcon className="size-5" />
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 text-sm font-medium break-words text-zinc-900">{membership.name}</span>
                {membership.price != null && (
                  <span className="shrink-0 text-xs text-zinc-500">
                    {formatMoney(membership.price)}
                    {membership.interval ? `/${membership.interval}` : ''}
                  </span>
                )}
              </span>
              {available !== null && (
                <span className="mt-0.5 block text-xs text-zinc-600">
                  {available} available{quantity !== null && used !== null ? ` · ${used}/${quantity} used` : ''}
                </span>
              )}
              {usage !== null && (
                <span className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-zinc-200" aria-hidden="true">
                  <span className="block h-full rounded-full bg-brand-500" style={{ width: `${usage}%` }} />
                </span>
              )}
              {(membership.renewal_day || membership.expiration_day) && (
                <span className="mt-1 block text-xs text-zinc-500">
                  {membership.renewal_day ? `Renews on ${membership.renewal_day}` : `Expires on ${membership.expiration_day}`}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </RadioGroup.Root>
  );
}

/**
 * The panel a failed card payment shows, with the payment provider's message
 * (docs/product-rules.md#appointment-confirmation).
 */
export function PaymentErrorPanel({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-sm">
      <CircleExclamationPointIcon className="mt-0.5 size-5 shrink-0 text-red-600" />
      <div className="min-w-0">
        <p className="font-semibold text-red-900">Something went wrong.</p>
        <p className="mt-0.5 text-red-800">{message}</p>
      </div>
    </div>
  );
}
