import { z } from 'zod';
import type { Appointment, PaymentOption } from '@slotted/contract';

export const PAYMENT_OPTION_LABELS: Record<PaymentOption, string> = {
  rebook: 'Re-book',
  pay_now: 'Pay now',
  in_person: 'Pay in person',
  membership: 'My memberships',
};

/**
 * A membership the client could use for this booking
 * (docs/product-rules.md#appointment-confirmation: name, price, cover, used, quantity and available
 * counts, interval, expiration day, renewal day). The contract leaves the entries open until
 * memberships exist, so they are read leniently.
 */
const membershipSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  price: z.number().nullish(),
  cover: z.string().nullish(),
  interval: z.string().nullish(),
  quantity_count: z.number().nullish(),
  used_count: z.number().nullish(),
  available_count: z.number().nullish(),
  expiration_day: z.string().nullish(),
  renewal_day: z.string().nullish(),
});
export type UsableMembership = z.infer<typeof membershipSchema>;

/** The service's memberships that can pay for this booking (those with a credit left). */
export function usableMemberships(list: readonly unknown[] | null | undefined): UsableMembership[] {
  const out: UsableMembership[] = [];
  for (const entry of list ?? []) {
    const parsed = membershipSchema.safeParse(entry);
    if (parsed.success && (parsed.data.available_count ?? 1) > 0) out.push(parsed.data);
  }
  return out;
}

/** The options the page offers: exactly the server's, minus memberships when none is usable. */
export function offeredOptions(appointment: Pick<Appointment, 'payment_options' | 'service'>): PaymentOption[] {
  const memberships = usableMemberships(appointment.service.memberships);
  return appointment.payment_options.filter((option) => option !== 'membership' || memberships.length > 0);
}

/**
 * A single option is selected; memberships are chosen by default when usable; when pay now is
 * offered, the first option is selected. Otherwise the first option too
 * (docs/product-rules.md#confirmation-and-payment-options).
 */
export function defaultPaymentOption(options: readonly PaymentOption[]): PaymentOption | null {
  if (options.length === 0) return null;
  if (options.length === 1) return options[0];
  if (options.includes('membership')) return 'membership';
  return options[0];
}

/**
 * The badge next to the Total of a confirmed booking
 * (docs/product-rules.md#appointment-confirmation).
 */
export function paymentBadge(appointment: Pick<Appointment, 'paid_at' | 'payment_method'>): {
  label: string;
  tone: 'success' | 'brand' | 'neutral';
} {
  // A membership is the more specific answer, whether or not the server also stamps paid_at.
  if (appointment.payment_method === 'membership') return { label: 'Included in membership', tone: 'brand' };
  if (appointment.paid_at) return { label: 'Paid', tone: 'success' };
  return { label: 'Pay in person', tone: 'neutral' };
}
