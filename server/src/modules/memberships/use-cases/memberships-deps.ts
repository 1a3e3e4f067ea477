import type { Db } from '../../../db/client.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { MailOutbox } from '../../../mail/mail-outbox.ts';
import type { CardPayments } from '../../payments/index.ts';
import type { UserRow } from '../../users/index.ts';
import type { PaymentOptionsRule } from '../memberships.presenter.ts';

/** What every membership use case is given (the composition root builds it once). */
export interface MembershipsDeps {
  db: Db;
  clock: Clock;
  mail: MailOutbox;
  appUrl: string;
  /** The booking's payment-option rule, with this installation's card payments (docs/product-rules.md#payments). */
  paymentOptions: PaymentOptionsRule;
  /** Buying is rate limited like booking: per signed-in user and per client address, in a window of minutes. */
  bookingLimits: { perUser: number; perIp: number; windowMinutes: number };
  /** Card payments with Stripe Connect, or null without Stripe keys (nothing offers them then). */
  payments: CardPayments | null;
  jobs: JobRunner;
}

/** Who looks at a membership: its buyer or the provider who sold it. */
export type Viewer = Pick<UserRow, 'id'>;

/** Other people's memberships answer 404 like missing ones (docs/product-rules.md#roles-and-accounts). */
export const membershipNotFound = () => new AppError('not_found', 'Membership not found.');
