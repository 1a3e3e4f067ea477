import type { Appointment } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { CircleExclamationPointIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/page.tsx';
import { formatMoney } from '../../../lib/format.ts';
import type { Checkout } from '../lib/use-checkout.ts';
import { CardPaymentStatus, PaymentErrorPanel } from '../../../components/checkout/card-payment.tsx';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';
import { SecurePaymentsNote } from '../../../components/checkout/terms-link.tsx';
import { PaymentOptions } from './payment-options.tsx';

/**
 * Checkout: how to pay (docs/product-rules.md#confirmation-and-payment-options), the total, and
 * Confirm (or Pay).
 */
export function CheckoutCard({ appointment, checkout }: { appointment: Appointment; checkout: Checkout }) {
  const { expired, payment } = checkout;
  const { option } = payment;
  return (
    <section aria-labelledby="payment-heading" className={cardClasses}>
      <h2 id="payment-heading" className="mb-4 text-base font-semibold text-zinc-900">
        Payment
      </h2>
      {expired ? (
        <p className="text-sm text-zinc-600">Your hold on this time has expired.</p>
      ) : option ? (
        <PaymentOptions
          options={payment.options}
          value={option}
          onValueChange={payment.choose}
          providerName={appointment.provider.name}
          memberships={payment.memberships}
          membershipId={payment.membershipId}
          onMembershipChange={payment.chooseMembership}
          card={payment.card}
        />
      ) : (
        <NoPaymentOption appointment={appointment} />
      )}
      <div className="mt-5 flex items-center justify-between gap-3 border-t border-zinc-100 pt-4">
        <span className="text-sm font-medium text-zinc-900">Total</span>
        <span className="flex items-center gap-2">
          {!expired && option === 'rebook' && <Badge tone="success">Paid</Badge>}
          {!expired && option === 'membership' && <Badge tone="brand">Included in membership</Badge>}
          <span className="text-lg font-semibold tabular-nums text-zinc-900">{formatMoney(appointment.price)}</span>
        </span>
      </div>
      {option && !expired && (
        <Button
          size="l"
          fullWidth
          className="mt-4"
          loading={payment.busy}
          disabled={
            (option === 'membership' && !payment.membershipId) || (option === 'pay_now' && !payment.card.ready && !payment.payError)
          }
          onClick={payment.confirm}
        >
          {option === 'pay_now' ? `Pay ${formatMoney(appointment.price)}` : 'Confirm'}
        </Button>
      )}
      {option === 'pay_now' && !expired && (
        <div className="mt-4 empty:hidden" aria-live="polite">
          <CardPaymentStatus card={payment.card} />
        </div>
      )}
      {payment.payError && (
        <div className="mt-4">
          <PaymentErrorPanel message={payment.payError} />
        </div>
      )}
      <SecurePaymentsNote
        terms={appointment.provider.policy.terms_of_service}
        providerName={appointment.provider.name}
        card={option === 'pay_now' && !expired}
      />
    </section>
  );
}

/** Nothing the client can pay with here (the provider asks for card payment, which this installation does not take). */
function NoPaymentOption({ appointment }: { appointment: Appointment }) {
  const { provider } = appointment;
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      <CircleExclamationPointIcon className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <span>
        {provider.name} asks for payment when you book, and card payments are not available here right now. Please get in touch at{' '}
        <a href={`mailto:${provider.email}`} className="font-medium underline underline-offset-2">
          {provider.email}
        </a>{' '}
        to book.
      </span>
    </p>
  );
}
