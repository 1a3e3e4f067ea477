import { PageHeader } from '../ui/page.tsx';
import { TabLinks } from '../ui/tabs.tsx';

/** My passes' header: its two pages as tabs (docs/product-rules.md#routes-and-navigation). */
export function MyPassesHeader() {
  return (
    <>
      <PageHeader title="My passes" description="What you have bought, and what you can still book with it." />
      <TabLinks
        label="My passes"
        className="mb-6"
        tabs={[
          { label: 'Memberships', to: '/memberships', end: true },
          { label: 'Services', to: '/purchases/services', end: true },
        ]}
      />
    </>
  );
}
