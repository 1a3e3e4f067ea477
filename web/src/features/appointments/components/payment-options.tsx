import { useId } from 'react';
import { RadioGroup } from 'radix-ui';
import type { MembershipOption, PaymentOption } from '@slotted/contract';
import { TicketIcon } from 'lucide-react';
import { PaymentOptionText as Text } from '../../../components/checkout/payment-option-tabs.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatMoney } from '../../../lib/format.ts';
import { membershipDayLine, membershipUsage, usagePercent } from '../../../lib/membership-format.ts';

export const REBOOK_TEXT = 'You have paid for this service before. Please confirm if you wish to re-book again.';

/**
 * A booking's ways to pay other than pay now (docs/product-rules.md#confirmation-and-payment-options):
 * Re-book, Pay in person and My memberships (a radio list).
 */
export function BookingOptionPanel({
  option,
  providerName,
  memberships,
  membershipId,
  onMembershipChange,
}: {
  option: Exclude<PaymentOption, 'pay_now'>;
  providerName: string;
  memberships: MembershipOption[];
  membershipId: string | null;
  onMembershipChange: (id: string) => void;
}) {
  switch (option) {
    case 'rebook':
      return <Text>{REBOOK_TEXT}</Text>;
    case 'in_person':
      return (
        <Text>
          Please pay <strong className="font-semibold text-zinc-900">{providerName}</strong> in person upon arrival. Nothing is charged now.
        </Text>
      );
    case 'membership':
      return <MembershipChoice memberships={memberships} value={membershipId} onChange={onMembershipChange} />;
  }
}

function MembershipChoice({
  memberships,
  value,
  onChange,
}: {
  memberships: MembershipOption[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const ids = useId();
  if (memberships.length === 0) return <Text>You have no membership that covers this service.</Text>;
  return (
    <RadioGroup.Root value={value ?? undefined} onValueChange={onChange} aria-label="Your memberships" className="flex flex-col gap-2">
      {memberships.map((membership) => {
        const id = membership.id;
        const checked = value === id;
        const dayLine = membershipDayLine(membership);
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
                <span className="shrink-0 text-xs text-zinc-500">
                  {formatMoney(membership.price)}
                  {membership.interval ? `/${membership.interval}` : ''}
                </span>
              </span>
              <span className="mt-0.5 block text-xs text-zinc-600">
                {membership.available_count} available · {membershipUsage(membership)}
              </span>
              <span className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-zinc-200" aria-hidden="true">
                <span className="block h-full rounded-full bg-brand-500" style={{ width: `${usagePercent(membership)}%` }} />
              </span>
              {dayLine && <span className="mt-1 block text-xs text-zinc-500">{dayLine}</span>}
            </span>
          </label>
        );
      })}
    </RadioGroup.Root>
  );
}
