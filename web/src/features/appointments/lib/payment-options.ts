import type { Appointment, MembershipOption, PaymentOption } from '@slotted/contract';

export const PAYMENT_OPTION_LABELS: Record<PaymentOption, string> = {
  rebook: 'Re-book',
  pay_now: 'Pay now',
  in_person: 'Pay in person',
  membership: 'My memberships',
};

/**
 * The service's memberships that can pay for this booking: those with a credit left in the
 * session's period (docs/product-rules.md#memberships-and-credits).
 */
export function usableMemberships(list: readonly MembershipOption[]): MembershipOption[] {
  return list.filter((membership) => membership.available_count > 0);
}

/** The options the page offers: exactly the server's, minus memberships when none is usable. */
export function offeredOptions(appointment: Pick<Appointment, 'payment_options' | 'service'>): PaymentOption[] {
  const memberships = usableMemberships(appointment.service.memberships);
  return appointment.payment_options.filter((option) => option !== 'membership' || memberships.length > 0);
}
