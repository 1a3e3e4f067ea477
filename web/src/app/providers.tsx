import type { ReactNode } from 'react';
import { LucideProvider } from 'lucide-react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '../components/ui/toast.tsx';
import { PrefetchProvider } from './prefetch-provider.tsx';

/** lucide icons get the slightly lighter stroke of the app's own drawn icons (icons.tsx). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LucideProvider strokeWidth={1.8}>
        <ToastProvider>
          <PrefetchProvider>{children}</PrefetchProvider>
        </ToastProvider>
      </LucideProvider>
    </QueryClientProvider>
  );
}
