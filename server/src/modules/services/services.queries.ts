import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, services, users } from '../../db/schema.ts';

export type ServiceRow = typeof services.$inferSelect;
export type NewService = Omit<typeof services.$inferInsert, 'id'>;

const withOwnerAndCounts = {
  service: services,
  providerName: users.name,
  providerUsername: users.username,
  providerAvatarId: users.avatarImageId,
  providerTimezone: users.timezone,
  paidAppointments: sql<number>`(SELECT count(*)::int FROM ${appointments} a WHERE a.service_id = ${services.id} AND a.paid_at IS NOT NULL)`,
  cancelledAppointments: sql<number>`(SELECT count(*)::int FROM ${appointments} a WHERE a.service_id = ${services.id} AND a.status = 'cancelled')`,
};

export type ServiceListRow = {
  service: ServiceRow;
  providerName: string;
  providerUsername: string | null;
  providerAvatarId: string | null;
  providerTimezone: string;
  paidAppointments: number;
  cancelledAppointments: number;
};

export async function listProviderServices(db: Db, providerId: string, type?: 'appointment' | 'class'): Promise<ServiceListRow[]> {
  return db
    .select(withOwnerAndCounts)
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .where(and(eq(services.providerId, providerId), isNull(services.deletedAt), type ? eq(services.type, type) : undefined))
    .orderBy(asc(services.name), asc(services.id));
}

export async function findLiveService(db: Db | Tx, id: number): Promise<ServiceListRow | null> {
  const [row] = await db
    .select(withOwnerAndCounts)
    .from(services)
    .innerJoin(users, eq(users.id, services.providerId))
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertService(tx: Db | Tx, values: NewService): Promise<number> {
  const [row] = await tx.insert(services).values(values).returning({ id: services.id });
  if (!row) throw new Error('INSERT … RETURNING answers the inserted row');
  return row.id;
}

export async function updateService(tx: Db | Tx, id: number, providerId: string, values: Partial<NewService>): Promise<boolean> {
  const rows = await tx
    .update(services)
    .set(values)
    .where(and(eq(services.id, id), eq(services.providerId, providerId), isNull(services.deletedAt)))
    .returning({ id: services.id });
  return rows.length === 1;
}

/** Soft delete: the catalog forgets the service, past bookings keep pointing at it. */
export async function softDeleteService(tx: Db | Tx, id: number, providerId: string, now: Date): Promise<boolean> {
  return updateService(tx, id, providerId, { deletedAt: now, updatedAt: now });
}
