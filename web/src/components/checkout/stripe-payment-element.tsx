import { useEffect } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { CardForm, CardPayment } from './use-card-payment.ts';

/** Stripe's Payment Element inside its Elements group (card-payment.tsx loads it on first use). */
export function StripePaymentElement({
  stripe,
  options,
  card,
}: {
  stripe: NonNullable<CardPayment['stripe']>;
  options: NonNullable<CardPayment['elementsOptions']>;
  card: CardPayment;
}) {
  return (
    <Elements stripe={stripe} options={options}>
      <PaymentElement options={{ layout: 'tabs' }} onReady={card.onReady} onLoadError={card.onLoadError} />
      <FormBridge onForm={card.setForm} />
    </Elements>
  );
}

/** Hands Stripe and the element group up to the page, whose Pay button confirms the payment. */
function FormBridge({ onForm }: { onForm: (form: CardForm | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    onForm(stripe && elements ? { stripe, elements } : null);
    return () => onForm(null);
  }, [stripe, elements, onForm]);
  return null;
}
