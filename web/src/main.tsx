import './app/preact-react19.ts';
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

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render the app into');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
// A page the server drew first (server/src/plugins/spa.ts) keeps that drawing until the router has
// loaded the page's code, rather than giving way to a blank screen in between.
if (root.childElementCount > 0 && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
} else {
  render();
}
