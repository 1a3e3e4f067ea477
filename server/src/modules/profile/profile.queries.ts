import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { appointmentCounts, qualified, versionOf } from '../public-cache/index.ts';

/**
 * What a profile request reads fresh, in one prepared statement: the provider, their public data
 * version and their services' appointment counts.
 */
export function profileHeadQuery(db: Db) {
  return db
    .select({ id: users.id, version: versionOf(qualified(users.id)), counts: appointmentCounts(qualified(users.id)) })
    .from(users)
    .where(and(eq(users.username, sql.placeholder('username')), eq(users.isProvider, true)))
    .limit(1)
    .prepare('profile_head');
}
