import { CalendarFeedSubscription } from '../../../components/calendar-feed/calendar-feed-subscription.tsx';
import { DocumentTitle, Page, PageHeader } from '../../../components/ui/page.tsx';
import { useMe } from '../../../lib/me.ts';
import { SettingsSection } from '../components/settings-section.tsx';
import { SettingsTabs } from '../components/settings-tabs.tsx';

/** /settings/calendar (docs/product-rules.md#calendar-feeds): one's schedule in one's own calendar app. */
export function CalendarSettingsPage() {
  const { data: me } = useMe();
  const what = me?.is_provider ? 'your bookings and classes' : 'your bookings';
  return (
    <Page>
      <DocumentTitle title="Calendar settings" />
      <PageHeader title="Settings" />
      <SettingsTabs />
      <div className="flex flex-col gap-6">
        <SettingsSection title="Subscribe in your calendar" description={`A private address with ${what}, for any calendar app.`}>
          <CalendarFeedSubscription what={what} />
        </SettingsSection>
      </div>
    </Page>
  );
}
