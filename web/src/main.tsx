import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createRouter } from './app/router.tsx';
import { installUnauthorizedRedirect } from './app/unauthorized.ts';
import { meQueryOptions } from './lib/me.ts';
import './index.css';

const queryClient = createQueryClient();
// Who is signed in is asked at once, while the first page's chunk is still downloading.
void queryClient.prefetchQuery(meQueryOptions);
const router = createRouter();
installUnauthorizedRedirect({
  queryClient,
  navigate: (to, options) => router.navigate(to, options),
  currentPath: () => router.state.location.pathname,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
