import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from './api-client.ts';
import { configKeys } from './query-keys.ts';

/** GET /api/config: what this installation offers. */
export interface AppConfig {
  social: { google: boolean; facebook: boolean };
  /**
   * The provider's main public site; unknown paths are sent there
   * (docs/product-rules.md#routes-and-navigation).
   */
  marketing_url?: string | null;
  /** Stripe's publishable key; null when this installation takes no card payments (D11). */
  stripe_publishable_key: string | null;
}

const fallback: AppConfig = { social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: null };

export async function fetchConfig(): Promise<AppConfig> {
  const data = await apiData<Partial<AppConfig> | undefined>('/api/config');
  return {
    social: { google: data?.social?.google === true, facebook: data?.social?.facebook === true },
    marketing_url: typeof data?.marketing_url === 'string' && data.marketing_url ? data.marketing_url : null,
    stripe_publishable_key:
      typeof data?.stripe_publishable_key === 'string' && data.stripe_publishable_key ? data.stripe_publishable_key : null,
  };
}

export const configQueryOptions = queryOptions({
  queryKey: configKeys.all,
  queryFn: fetchConfig,
  staleTime: Infinity,
  retry: 1,
});

/** The config, or a safe fallback (no social buttons, no marketing site) when it cannot be loaded. */
export function useConfig() {
  const query = useQuery(configQueryOptions);
  return { ...query, config: query.data ?? fallback };
}
