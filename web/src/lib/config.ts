import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@slotted/contract';
import { apiData } from './api-client.ts';
import { configKeys } from './query-keys.ts';

export type { AppConfig };

const fallback: AppConfig = {
  social: { google: false, facebook: false },
  marketing_url: null,
  stripe_publishable_key: null,
  mail_delivery: 'smtp',
};

export async function fetchConfig(): Promise<AppConfig> {
  const data = await apiData('config');
  // An empty marketing site or key means none (the key's absence hides every card payment: D11).
  return {
    social: { google: data.social.google, facebook: data.social.facebook },
    marketing_url: data.marketing_url || null,
    stripe_publishable_key: data.stripe_publishable_key || null,
    // Only an installation that says so prints its e-mails instead of sending them.
    mail_delivery: data.mail_delivery === 'console' ? 'console' : 'smtp',
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
