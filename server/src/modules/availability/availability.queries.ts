import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { holidayChoices, policies, timeOffs, users, workDays } from '../../db/schema.ts';

export type WorkDayRow = typeof workDays.$inferSelect;
export type PolicyRow = typeof policies.$inferSelect;
export type TimeOffRow = typeof timeOffs.$inferSelect;

export async function selectWorkDays(db: Db | Tx, providerId: string): Promise<WorkDayRow[]> {
  return db.select().from(workDays).where(eq(workDays.providerId, providerId)).orderBy(asc(workDays.weekday));
}

export async function replaceWorkDays(tx: Tx, providerId: string, rows: Omit<WorkDayRow, 'providerId'>[]): Promise<void> {
  await tx.delete(workDays).where(eq(workDays.providerId, providerId));
  await tx.insert(workDays).values(rows.map((r) => ({ ...r, providerId })));
}

export async function selectPolicy(db: Db | Tx, providerId: string): Promise<PolicyRow | null> {
  const [row] = await db.select().from(policies).where(eq(policies.providerId, providerId)).limit(1);
  return row ?? null;
}

export async function upsertPolicy(db: Db | Tx, row: typeof policies.$inferInsert): Promise<PolicyRow> {
  const { providerId: _id, ...set } = row;
  const [saved] = await db.insert(policies).values(row).onConflictDoUpdate({ target: policies.providerId, set }).returning();
  if (!saved) throw new Error('An upsert … RETURNING answers the row inserted or updated');
  return saved;
}

export async function selectTimeOffs(db: Db | Tx, providerId: string): Promise<TimeOffRow[]> {
  return db.select().from(timeOffs).where(eq(timeOffs.providerId, providerId)).orderBy(asc(timeOffs.startsLocal));
}

export async function insertTimeOff(db: Db | Tx, row: typeof timeOffs.$inferInsert): Promise<TimeOffRow> {
  const [saved] = await db.insert(timeOffs).values(row).returning();
  if (!saved) throw new Error('INSERT … RETURNING answers the inserted row');
  return saved;
}

export async function updateTimeOff(
  db: Db | Tx,
  id: number,
  providerId: string,
  set: Partial<typeof timeOffs.$inferInsert>,
): Promise<TimeOffRow | null> {
  const [saved] = await db
    .update(timeOffs)
    .set(set)
    .where(and(eq(timeOffs.id, id), eq(timeOffs.providerId, providerId)))
    .returning();
  return saved ?? null;
}

export async function deleteTimeOff(db: Db | Tx, id: number, providerId: string): Promise<boolean> {
  const rows = await db
    .delete(timeOffs)
    .where(and(eq(timeOffs.id, id), eq(timeOffs.providerId, providerId)))
    .returning({ id: timeOffs.id });
  return rows.length === 1;
}

export async function selectHolidayChoices(db: Db | Tx, providerId: string): Promise<Map<string, boolean>> {
  const rows = await db.select().from(holidayChoices).where(eq(holidayChoices.providerId, providerId));
  return new Map(rows.map((r) => [r.date, r.available]));
}

export async function upsertHolidayChoice(db: Db | Tx, providerId: string, date: string, available: boolean): Promise<void> {
  await db
    .insert(holidayChoices)
    .values({ providerId, date, available })
    .onConflictDoUpdate({ target: [holidayChoices.providerId, holidayChoices.date], set: { available } });
}

export async function setHolidayCountry(db: Db | Tx, providerId: string, country: string | null): Promise<void> {
  await db.update(users).set({ holidayCountry: country }).where(eq(users.id, providerId));
}
