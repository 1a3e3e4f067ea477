import { TabLinks } from '../../../components/ui/tabs.tsx';
import { useConfig } from '../../../lib/config.ts';
import { useMe } from '../../../lib/me.ts';

/**
 * Settings tabs (docs/product-rules.md#settings): Account; for providers Calendar, and Payments — only
 * where this installation takes card payments (D11: without Stripe keys nothing of it shows).
 */
export function SettingsTabs() {
  const { data: me } = useMe();
  const { config } = useConfig();
  const tabs = [{ label: 'Account', to: '/settings/account' }];
  if (me?.is_provider) tabs.push({ label: 'Calendar', to: '/settings/calendar' });
  if (me?.is_provider && config.stripe_publishable_key !== null) tabs.push({ label: 'Payments', to: '/settings/payments' });
  return <TabLinks label="Settings" tabs={tabs} className="mb-8" />;
}
