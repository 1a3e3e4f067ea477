import { useState } from 'react';
import type { Membership } from '@slotted/contract';
import { PanelSection } from '../../../components/passes/pass-card.tsx';
import { PaymentsHistory } from '../../../components/passes/payments-history.tsx';
import { ProviderLink } from '../../../components/passes/provider-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatMediumDate } from '../../../lib/format.ts';
import { membershipDayLine, membershipUsage } from '../../../lib/membership-format.ts';
import { useCancelMembership } from '../api/cancel-membership.ts';

export const CANCEL_MEMBERSHIP_FAILED = { title: 'Ooops!', description: 'Something went wrong. Please try again soon.' };

function paymentMethod(membership: Membership): string {
  if (membership.card) return `Card •••• ${membership.card.last4}`;
  if (membership.payment_method === 'card') return 'Card';
  return 'Pay in person';
}

/**
 * A membership's details (docs/product-rules.md#memberships-and-credits): provider, the services
 * it covers with the credits left, payment method, payments, and 'Cancel membership' while it
 * renews.
 */
export function MembershipPanel({
  membership,
  open,
  onOpenChange,
}: {
  membership: Membership;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { toast } = useToast();
  const cancel = useCancelMembership();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { provider } = membership;
  const dayLine = membershipDayLine(membership);

  const doCancel = () =>
    cancel.mutate(membership.id, {
      onSuccess: (cancelled) => {
        setConfirmOpen(false);
        const until = cancelled.expiration_day ?? membership.renewal_day;
        toast({
          title: 'Membership cancelled',
          description: until ? `Your benefits last until ${formatMediumDate(until)}.` : undefined,
        });
      },
      onError: () => {
        setConfirmOpen(false);
        toast({ ...CANCEL_MEMBERSHIP_FAILED, theme: 'error' });
      },
    });

  return (
    <SidePanel
      open={open}
      onOpenChange={onOpenChange}
      title={membership.name}
      description={[membershipUsage(membership), dayLine].filter(Boolean).join(' · ')}
      footer={
        membership.can_be_cancelled ? (
          <Button theme="white" className="text-red-700" onClick={() => setConfirmOpen(true)}>
            Cancel membership
          </Button>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-6 text-sm text-zinc-700">
        <PanelSection title="Provider">
          <ProviderLink provider={provider} />
        </PanelSection>

        <PanelSection title="Available services">
          {membership.services.length === 0 ? (
            <p className="text-zinc-500">No services included</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {membership.services.map((group) => (
                <li key={group.id} className="flex items-start justify-between gap-3 rounded-xl border border-zinc-200 px-3.5 py-2.5">
                  <span className="min-w-0 font-medium break-words text-zinc-900">{group.services.map((s) => s.name).join(', ')}</span>
                  <span className="shrink-0 text-zinc-600 tabular-nums">
                    {group.available} of {group.quantity} left
                  </span>
                </li>
              ))}
            </ul>
          )}
        </PanelSection>

        <PanelSection title="Payment method">
          <p>
            {paymentMethod(membership)}
            {membership.missing_payment && <span className="text-zinc-500"> · payment due</span>}
          </p>
        </PanelSection>

        <PanelSection title="Payments history">
          <PaymentsHistory payments={membership.payments} />
        </PanelSection>
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Cancel membership?"
        description={
          membership.renewal_day
            ? `It will not renew. Your benefits last until the renewal day, ${formatMediumDate(membership.renewal_day)}.`
            : 'It will not renew. Your benefits last until the renewal day.'
        }
        confirmLabel="Cancel membership"
        cancelLabel="Keep membership"
        loading={cancel.isPending}
        onConfirm={doCancel}
      />
    </SidePanel>
  );
}
