/**
 * The provider's public data version (docs/decisions/0008-public-data-version.md). A provider
 * without a row is at version 1; the first bump writes 2.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { providerVersions } from '../../db/schema.ts';

/**
 * Marks the provider's public data (profile, services, plans, hours, policy, time off, holidays,
 * payment settings) as changed. Call it inside the transaction of the write, so every process that
 * reads the version after the commit also reads the new data, and none reads the old version after it.
 */
export async function bumpProviderVersion(tx: Db | Tx, providerId: string): Promise<void> {
  await tx
    .insert(providerVersions)
    .values({ providerId, version: 2 })
    .onConflictDoUpdate({ target: providerVersions.providerId, set: { version: sql`${providerVersions.version} + 1` } });
}

/**
 * The SQL expression of a provider's current version, for reads that fetch it with fresher data.
 * `providerId` is a qualified column (`qualified(users.id)`): in a select without joins Drizzle
 * writes a bare column unqualified, which inside this subquery would name the subquery's own column.
 */
export const versionOf = (providerId: SQL) =>
  sql<number>`coalesce((SELECT ${providerVersions.version} FROM ${providerVersions} WHERE ${providerVersions.providerId} = ${providerId}), 1)::int`.mapWith(
    Number,
  );

/** Runs a write of the provider's public data in a transaction that also bumps their version. */
export function writeProviderData<T>(db: Db, providerId: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    await bumpProviderVersion(tx, providerId);
    return result;
  });
}

/** A column written with its table's name, for use inside subqueries. */
export const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
