import type { Tx } from '../../../db/client.ts';
import type { PaymentRow } from '../../payments/index.ts';
import { loadMembershipFacts } from '../membership-credits.queries.ts';
import { confirmPurchase } from './confirm-purchase.ts';
import type { MembershipsDeps } from './memberships-deps.ts';
import { cancelSubscription } from './subscriptions.ts';

/**
 * Settles a purchase whose card payment succeeded (in the transaction recording it): a live
 * hold becomes an active membership; a purchase that expired meanwhile did not happen, so the
 * money goes back and its subscription, if any, is ended.
 */
export async function settleCardPayment(deps: MembershipsDeps, tx: Tx, payment: PaymentRow, now: Date): Promise<'kept' | 'refund'> {
  if (!payment.membershipId) throw new Error(`Payment ${payment.id} settles a membership, so it names one`);
  const [f] = await loadMembershipFacts(tx, { ids: [payment.membershipId] }, { lock: true });
  if (!f) return 'refund';
  const live = f.row.status === 'held' && !f.row.confirmedAt && (f.row.holdExpiresAt?.getTime() ?? 0) > now.getTime();
  if (!live) {
    await cancelSubscription(deps, tx, f.row.stripeSubscriptionId);
    return 'refund';
  }
  await confirmPurchase(deps, tx, f, now, payment);
  return 'kept';
}
