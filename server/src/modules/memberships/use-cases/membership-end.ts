/** What a membership's end and renewals mean for its periods and its bookings (docs/product-rules.md#memberships-and-credits). */
import type { Tx } from '../../../db/client.ts';
import { membershipState } from '../../../domain/memberships/index.ts';
import type { PaymentRow } from '../../payments/index.ts';
import { loadMembershipFacts, toDomainMembership, type MembershipFacts } from '../membership-credits.queries.ts';
import { creditsLostEmail, type CreditsLostReason } from '../memberships.emails.ts';
import { tookMoney } from '../memberships.presenter.ts';
import { membershipContext, releaseCreditsFrom } from '../memberships.queries.ts';
import type { MembershipsDeps } from './memberships-deps.ts';

/**
 * The membership (locked by the caller, its change already written) no longer covers sessions
 * from its end on: in the same transaction, its confirmed bookings after the last covered day
 * lose their credit and the client gets the list (D15, docs/product-rules.md#memberships-and-credits).
 */
export async function releaseCreditsAfterEnd(
  deps: MembershipsDeps,
  tx: Tx,
  id: string,
  now: Date,
  reason: CreditsLostReason,
): Promise<void> {
  const [f] = await loadMembershipFacts(tx, { ids: [id] });
  if (!f?.row.confirmedAt) return;
  const state = membershipState(toDomainMembership(f), now);
  if (state.expiresAtMs === null) return;
  const released = await releaseCreditsFrom(tx, id, new Date(state.expiresAtMs), now);
  if (released.length === 0) return;
  const context = (await membershipContext(tx, [id])).get(id);
  if (!context) throw new Error(`Membership ${id} has no client or provider`);
  const { client, provider } = context;
  await deps.mail.queue(tx, [
    creditsLostEmail(
      client,
      { name: f.row.name, providerName: provider.name, expirationDay: state.expiration_day },
      released,
      deps.appUrl,
      reason,
    ),
  ]);
}

/**
 * The period a renewal invoice pays: the one after the newest period paid. Stripe's billing
 * periods start at the subscription's creation instant, ours at the provider-local start of the
 * confirmation day (and in whole calendar months), so an invoice's dates do not name one of our
 * periods; renewal invoices come one per period, in order.
 */
export function renewedPeriodStart(f: MembershipFacts, paid: PaymentRow[], now: Date): Date {
  const terms = toDomainMembership(f);
  const starts = paid.flatMap((p) => (tookMoney(p) && p.periodStart ? [p.periodStart.getTime()] : []));
  const lastPaidStart = starts.length ? Math.max(...starts) : f.row.confirmedAt;
  if (lastPaidStart === null) throw new Error(`Membership ${f.row.id} renews, so it was confirmed`);
  const last = membershipState(terms, lastPaidStart).period;
  const next = last ? membershipState(terms, last.endMs).period : null;
  return new Date(next?.startMs ?? last?.endMs ?? now.getTime());
}
