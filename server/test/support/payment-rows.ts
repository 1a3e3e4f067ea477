/** The payment and refund rows of a booking, as tests of card payments and refunds read them. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { payments, refunds } from '../../src/db/schema.ts';

export const paymentsOfAppointment = (db: Db, id: string) => db.select().from(payments).where(eq(payments.appointmentId, id));

export async function refundsOfAppointment(db: Db, id: string) {
  const rows = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.appointmentId, id));
  return rows.map((r) => r.refund);
}
