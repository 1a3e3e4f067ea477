/**
 * The membership answer (docs/product-rules.md#memberships-and-credits), for one viewer at one
 * instant. Counts and days come from the membership rules (domain/memberships); only facts are
 * stored.
 */
import { fromCents, type CoveredService, type Membership, type MembershipPaymentOption, type PaymentRecord } from '@slotted/contract';
import { cancellable, membershipSummary, type MembershipSummary } from '../../domain/memberships/index.ts';
import { imageUrl } from '../images/index.ts';
import { toDomainMembership, type MembershipFacts } from './membership-credits.queries.ts';
import type { MembershipContext, PaymentRow, ServiceRow } from './memberships.queries.ts';

function iso(d: Date): string;
function iso(d: Date | null): string | null;
function iso(d: Date | null): string | null {
  return d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

/** How an unpaid purchase from this provider can be paid: the booking rule (docs/product-rules.md#confirmation-and-payment-options). */
export type PaymentOptionsRule = (
  provider: { stripeConnected: boolean; requirePayment: boolean },
  missingPayment: boolean,
  priceCents: number,
) => MembershipPaymentOption[];

/** Money that was taken (a refunded payment was taken first, then given back). */
const TAKEN = new Set<PaymentRow['status']>(['succeeded', 'partially_refunded', 'refunded']);

/** Whether the payment took money: a card payment still waiting for Stripe, or abandoned, did not. */
export const tookMoney = (p: PaymentRow): boolean => TAKEN.has(p.status);

/** A payment that took money names the period starting at `periodStartMs` (docs/product-rules.md#payments). */
export function periodPaid(payments: PaymentRow[], periodStartMs: number): boolean {
  return payments.some((p) => tookMoney(p) && p.periodStart?.getTime() === periodStartMs);
}

/** Histories list money received, when it was received; pass only payments that took money. */
export function presentPayment(p: PaymentRow): PaymentRecord {
  return {
    id: p.id,
    datetime: iso(p.paidAt ?? p.createdAt),
    amount: fromCents(p.amountCents),
    method: p.method,
    refunded: fromCents(p.refundedCents),
  };
}

export function presentService(s: ServiceRow): CoveredService {
  return {
    id: s.id,
    name: s.name,
    type: s.type,
    duration: s.durationMinutes,
    price: fromCents(s.priceCents),
    cover: imageUrl(s.coverImageId),
  };
}

/**
 * Where a membership stands now. A purchase not yet confirmed has not started: it grants its
 * groups' quantities but nothing is available and no day is fixed yet (the confirmation instant
 * fixes them).
 */
function standing(
  f: MembershipFacts,
  now: Date,
): { summary: MembershipSummary | null; groups: Map<number, { used: number; available: number }> } {
  if (!f.row.confirmedAt) return { summary: null, groups: new Map(f.groups.map((g) => [g.id, { used: 0, available: 0 }])) };
  const summary = membershipSummary(toDomainMembership(f), now);
  return { summary, groups: new Map(summary.credits.groups.map((g) => [g.id, g])) };
}

/**
 * The current period is unpaid when no payment that took money names its start
 * (docs/product-rules.md#payments). An unconfirmed purchase is unpaid; a membership whose access has
 * ended owes nothing more.
 */
function missingPayment(summary: MembershipSummary | null, payments: PaymentRow[]): boolean {
  if (!summary) return true;
  return summary.period !== null && !periodPaid(payments, summary.period.startMs);
}

/** The card of the newest card payment that took money (payments come oldest first). */
function lastCard(payments: PaymentRow[]): Membership['card'] {
  for (const p of payments.toReversed()) {
    if (p.method === 'card' && tookMoney(p) && p.cardBrand && p.cardLast4) return { brand: p.cardBrand, last4: p.cardLast4 };
  }
  return null;
}

export interface PresentMembershipInput {
  facts: MembershipFacts;
  context: MembershipContext;
  services: Map<number, ServiceRow>;
  payments: PaymentRow[];
}

export interface PresentContext {
  viewerId: string;
  now: Date;
  paymentOptions: PaymentOptionsRule;
  /** Fill `services` (the groups): always on one membership, on a list with include=services. */
  withServices: boolean;
}

export function presentMembership({ facts, context, services, payments }: PresentMembershipInput, ctx: PresentContext): Membership {
  const m = facts.row;
  const now = ctx.now.getTime();
  const { summary, groups } = standing(facts, ctx.now);
  // Stored 'held' past its expiry reads expired before housekeeping gets to it; a confirmed
  // membership is active while it gives access, then cancelled (renewal stopped) or expired.
  let status: Membership['status'];
  if (!m.confirmedAt) status = m.status === 'held' && (m.holdExpiresAt?.getTime() ?? 0) > now ? 'held' : 'expired';
  else if (summary?.active) status = 'active';
  else status = m.cancelledAt ? 'cancelled' : 'expired';
  const missing = missingPayment(summary, payments);
  const quantity = facts.groups.reduce((sum, g) => sum + g.quantity, 0);

  return {
    id: m.id,
    plan_id: m.planId,
    status,
    name: m.name,
    description: context.plan.descriptionHtml,
    benefits: context.plan.benefits,
    price: fromCents(m.priceCents),
    interval: m.interval ?? '',
    expires_in: m.expiresInMonths,
    cover: imageUrl(context.plan.coverImageId),
    provider: {
      id: context.provider.id,
      name: context.provider.name,
      username: context.provider.username,
      avatar: imageUrl(context.provider.avatarImageId),
      stripe_connected: context.provider.stripeConnected,
      require_payment: context.provider.requirePayment,
      policy: { terms_of_service: context.termsHtml },
    },
    client: {
      id: context.client.id,
      name: context.client.name,
      email: context.client.email,
      avatar: imageUrl(context.client.avatarImageId),
    },
    quantity_count: summary?.credits.quantity_count ?? quantity,
    used_count: summary?.credits.used_count ?? 0,
    available_count: summary?.credits.available_count ?? 0,
    renewal_day: summary?.renewal_day ?? null,
    expiration_day: summary?.expiration_day ?? null,
    expires_in_seconds: m.confirmedAt ? null : Math.max(0, Math.ceil(((m.holdExpiresAt?.getTime() ?? now) - now) / 1000)),
    confirmed_at: iso(m.confirmedAt),
    cancelled_at: iso(m.cancelledAt),
    paid_at: iso(m.paidAt),
    payment_method: m.paymentMethod,
    missing_payment: missing,
    // Only the buyer pays, and only while the purchase is held (spec §4: pay now first, then in person).
    payment_options: status === 'held' && m.clientId === ctx.viewerId ? ctx.paymentOptions(context.provider, missing, m.priceCents) : [],
    can_be_cancelled: m.confirmedAt !== null && cancellable(toDomainMembership(facts), ctx.now),
    is_mine: m.clientId === ctx.viewerId,
    services: ctx.withServices
      ? facts.groups.map((g) => ({
          id: g.id,
          quantity: g.quantity,
          used: groups.get(g.id)?.used ?? 0,
          available: groups.get(g.id)?.available ?? 0,
          services: g.serviceIds.flatMap((id) => {
            const s = services.get(id);
            return s ? [presentService(s)] : [];
          }),
        }))
      : [],
    card: lastCard(payments),
    payments: payments.filter(tookMoney).map(presentPayment),
  };
}
