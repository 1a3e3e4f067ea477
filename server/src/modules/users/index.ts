/** People: the user row every module speaks of, and how to find an account or a provider. */
export { findProvider, findUserByEmail, type UserRow } from './users.queries.ts';
