import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { meKeys } from '../../../lib/query-keys.ts';
import { logout } from '../api/logout.ts';

let pendingLogout: Promise<void> | null = null;

/** /auth/logout: ends the session on the server, forgets everything cached, then goes to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    // One POST even when StrictMode runs this effect twice.
    pendingLogout ??= logout()
      .catch(() => {
        // Already signed out, or the server is unreachable: either way leave the app signed out.
      })
      .finally(() => {
        pendingLogout = null;
      });
    void pendingLogout.then(() => {
      if (!active) return;
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, null);
      void navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);

  return <PageSpinner label="Signing out" />;
}
