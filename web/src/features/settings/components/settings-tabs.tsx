import { TabLinks } from '../../../components/ui/tabs.tsx';
import { useMe } from '../../../lib/me.ts';

/**
 * Settings tabs (docs/product-rules.md#settings): Account, Calendar, and Payments for providers —
 * where an installation without Stripe keys says what its self-hoster sets to take cards (D11).
 */
export function SettingsTabs() {
  const { data: me } = useMe();
  const tabs = [
    { label: 'Account', to: '/settings/account' },
    { label: 'Calendar', to: '/settings/calendar' },
  ];
  if (me?.is_provider) tabs.push({ label: 'Payments', to: '/settings/payments' });
  return <TabLinks label="Settings" tabs={tabs} className="mb-8" />;
}
