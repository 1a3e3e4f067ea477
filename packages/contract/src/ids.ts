import { z } from 'zod';

/** The largest numeric record id: services, time off and class occurrences have PostgreSQL `integer` ids. */
export const RECORD_ID_MAX = 2_147_483_647;

/**
 * A numeric record id, in a path, a query or a body. Past RECORD_ID_MAX no record can exist, and
 * the database would refuse to even compare such a number with an id column.
 */
export const recordId = (message = 'This id is not valid.') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(RECORD_ID_MAX, message);

/** `/{id}` path parameters of numeric records. */
export const idParams = z.object({ id: recordId() });

/** `/images/{id}`: uploaded images have UUIDs. */
export const imageIdParams = z.object({ id: z.uuid() });
