import { useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serviceSlotsQueryOptions } from '../features/choose-time/api/get-service-slots.ts';
import { browserTimeZone } from '../lib/format.ts';
import { PrefetchContext, type Prefetch } from '../lib/prefetch.ts';
import { preloadRoute } from './route-table.tsx';

/** The next step's chunk and data, fetched while the visitor's pointer is still on the way. */
export function PrefetchProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const prefetch = useMemo<Prefetch>(
    () => ({
      chooseTime: (serviceId) => {
        preloadRoute('ChooseTime');
        // The page's own query (same key, same options): fresh data is not fetched twice.
        void queryClient.prefetchInfiniteQuery(serviceSlotsQueryOptions(String(serviceId), browserTimeZone()));
      },
    }),
    [queryClient],
  );
  return <PrefetchContext value={prefetch}>{children}</PrefetchContext>;
}
