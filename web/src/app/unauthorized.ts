import type { QueryClient } from '@tanstack/react-query';
import { meKeys } from '../lib/query-keys.ts';
import { onUnauthorized } from '../lib/api-client.ts';
import { isLoginOptionalPath } from './route-meta.ts';

export interface UnauthorizedDeps {
  queryClient: QueryClient;
  navigate: (to: string, options: { replace: boolean }) => unknown;
  /** The path the user is on now. */
  currentPath: () => string;
}

/**
 * Any 401 answer on a route not marked login-optional sends the user to /login
 * (docs/product-rules.md#failures-and-messages). Done
 * here once for every request; the session is gone either way, so the cached user is forgotten.
 */
export function installUnauthorizedRedirect({ queryClient, navigate, currentPath }: UnauthorizedDeps): () => void {
  return onUnauthorized(() => {
    if (queryClient.getQueryData(meKeys.all)) queryClient.setQueryData(meKeys.all, null);
    const path = currentPath();
    if (!isLoginOptionalPath(path)) void navigate('/login', { replace: true });
  });
}
