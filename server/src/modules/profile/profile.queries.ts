import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans } from '../../db/schema.ts';

export async function livePlans(db: Db, providerId: string) {
  return db.select().from(plans).where(and(eq(plans.providerId, providerId), isNull(plans.deletedAt))).orderBy(asc(plans.priceCents), asc(plans.id));
}
