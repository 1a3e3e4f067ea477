/**
 * Buying a plan and living with the membership (docs/product-rules.md#memberships-and-credits): a
 * purchase is held like a booking (docs/product-rules.md#holds), confirmed in person or by a card
 * payment (a PaymentIntent for a single payment, a Stripe Subscription for a monthly membership,
 * both destination charges to the provider's account: docs/product-rules.md#payments),
 * cancelled (renewal stops, benefits last until the renewal day), paid per period; My passes lists
 * memberships and the services they or earlier payments cover. One transaction per use case; the
 * membership row is locked in each change so two requests never both act on what the other
 * changes.
 *
 * The routes, app.ts and the payments module call this facade; each use case is its own file in
 * use-cases/.
 */
import type { listMembershipsQuery } from '@slotted/contract';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { PaymentRow } from '../payments/index.ts';
import type { UserRow } from '../users/index.ts';
import { buyPlan } from './use-cases/buy-plan.ts';
import { cancelMembership } from './use-cases/cancel-membership.ts';
import { cardCheckout } from './use-cases/card-checkout.ts';
import { confirmInPerson } from './use-cases/confirm-purchase.ts';
import { markPaid } from './use-cases/mark-paid.ts';
import type { MembershipsDeps } from './use-cases/memberships-deps.ts';
import { getMembership, listMemberships, purchasedServices } from './use-cases/read-memberships.ts';
import { settleCardPayment } from './use-cases/settle-card-payment.ts';
import { invoicePaid, invoicePaymentFailed, subscriptionChanged } from './use-cases/stripe-events.ts';
import { registerSubscriptionCancel } from './use-cases/subscriptions.ts';

export type { MembershipsDeps } from './use-cases/memberships-deps.ts';

export function membershipsService(deps: MembershipsDeps) {
  registerSubscriptionCancel(deps);
  return {
    /** POST /api/memberships: holds a purchase of the plan; repeating it while the hold lives returns the same one. */
    create: (viewer: UserRow, planId: number, ip: string) => buyPlan(deps, viewer, planId, ip),
    get: (viewer: UserRow, id: string, sessionId: string | undefined, ip: string) => getMembership(deps, viewer, id, sessionId, ip),
    /** Pay in person. */
    confirmWithoutPayment: (viewer: UserRow, id: string) => confirmInPerson(deps, viewer, id),
    checkout: (viewer: UserRow, id: string, ip: string) => cardCheckout(deps, viewer, id, ip),
    /** The payments module's settlement of a purchase's card payment (registered in app.ts). */
    settleCardPayment: (tx: Tx, payment: PaymentRow, now: Date) => settleCardPayment(deps, tx, payment, now),
    /** Stripe events (registered in app.ts). */
    invoicePaid: (event: Stripe.Event) => invoicePaid(deps, event),
    invoicePaymentFailed: (event: Stripe.Event) => invoicePaymentFailed(deps, event),
    subscriptionChanged: (event: Stripe.Event) => subscriptionChanged(deps, event),
    cancel: (viewer: UserRow, id: string) => cancelMembership(deps, viewer, id),
    markPaid: (viewer: UserRow, id: string) => markPaid(deps, viewer, id),
    list: (viewer: UserRow, q: z.output<typeof listMembershipsQuery>) => listMemberships(deps, viewer, q),
    purchasedServices: (viewer: UserRow) => purchasedServices(deps, viewer),
  };
}
