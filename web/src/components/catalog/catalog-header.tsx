import { PlusIcon } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { PageHeader } from '../ui/page.tsx';
import { TabLinks } from '../ui/tabs.tsx';

/** Catalog tabs (docs/product-rules.md#catalog-and-clients). */
export const CATALOG_TABS = [
  { label: 'Services', to: '/services' },
  { label: 'Plans', to: '/plans' },
];

/**
 * The header both Catalog pages share: 'Catalog', a plus button that adds to the current tab, and
 * the Services / Plans tabs (docs/product-rules.md#catalog-and-clients).
 */
export function CatalogHeader({ addLabel, onAdd }: { addLabel: string; onAdd: () => void }) {
  return (
    <>
      <PageHeader
        title="Catalog"
        actions={
          <Button leadingIcon={<PlusIcon className="size-4" />} onClick={onAdd} className="max-sm:w-10 max-sm:px-0">
            <span className="sr-only sm:not-sr-only">{addLabel}</span>
          </Button>
        }
      />
      <TabLinks label="Catalog" tabs={CATALOG_TABS} className="mb-6" />
    </>
  );
}
