import type { Appointment } from '@slotted/contract';
import { CheckoutCard, MEMBERSHIP_TOTAL_BADGE } from '../../../components/checkout/checkout-card.tsx';
import type { BookingCheckout } from '../lib/use-booking-checkout.ts';
import { PAYMENT_OPTION_LABELS } from '../lib/payment-options.ts';
import { BookingOptionPanel } from './payment-options.tsx';

/**
 * A booking's Payment card (docs/product-rules.md#confirmation-and-payment-options): the shared
 * checkout card with a booking's ways to pay and its Total badges (Paid for a re-booking, Included
 * in membership).
 */
export function BookingCheckoutCard({ appointment, checkout }: { appointment: Appointment; checkout: BookingCheckout }) {
  const { provider } = appointment;
  const { membershipChoice } = checkout;
  return (
    <CheckoutCard
      checkout={checkout}
      price={appointment.price}
      provider={provider}
      labels={PAYMENT_OPTION_LABELS}
      optionPanel={(option) => (
        <BookingOptionPanel
          option={option}
          providerName={provider.name}
          memberships={membershipChoice.memberships}
          membershipId={membershipChoice.membershipId}
          onMembershipChange={membershipChoice.choose}
        />
      )}
      totalBadge={(option) =>
        option === 'rebook' ? { label: 'Paid', tone: 'success' } : option === 'membership' ? MEMBERSHIP_TOTAL_BADGE : null
      }
      expiredText="Your hold on this time has expired."
      noOption={
        <>
          {provider.name} asks for payment when you book, and card payments are not available here right now. Please get in touch at{' '}
          <a href={`mailto:${provider.email}`} className="font-medium underline underline-offset-2">
            {provider.email}
          </a>{' '}
          to book.
        </>
      }
    />
  );
}
