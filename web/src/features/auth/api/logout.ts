import { apiRequest } from '../../../lib/api-client.ts';

/** POST /auth/logout: the server deletes the session (204). */
export async function logout(): Promise<void> {
  await apiRequest('logout');
}
