import { useState } from 'react';
import type { PurchasedService } from '@slotted/contract';
import { LayersIcon } from 'lucide-react';
import { MyPassesHeader } from '../../../components/passes/my-passes-header.tsx';
import { PassCard, PassGridSkeleton } from '../../../components/passes/pass-card.tsx';
import { DocumentTitle, EmptyState, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { serviceTypeLabel } from '../../../lib/service-format.ts';
import { usePurchasedServices } from '../api/get-purchased-services.ts';
import { PurchasedServicePanel } from '../components/purchased-service-panel.tsx';
import { passSummary } from '../lib/availability.ts';
import { formatDuration } from '../../../lib/format.ts';

/** /purchases/services: My passes → Services (docs/product-rules.md#memberships-and-credits). */
export function PurchasedServicesPage() {
  const purchases = usePurchasedServices();
  const [openId, setOpenId] = useState<number | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const open = purchases.data?.find((p) => p.service.id === openId);

  return (
    <Page width="l">
      <DocumentTitle title="Purchased services" />
      <MyPassesHeader />
      <QueryState
        query={purchases}
        what="your purchases"
        loading={<PassGridSkeleton label="Loading your purchases" />}
        empty={
          <EmptyState
            icon={<LayersIcon className="size-6" />}
            title="You have no purchases"
            description="Services you have paid for or can book with a membership appear here."
          />
        }
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((purchase) => (
              <li key={purchase.service.id}>
                <PurchaseCard
                  purchase={purchase}
                  onDetails={() => {
                    setOpenId(purchase.service.id);
                    setPanelOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {open && <PurchasedServicePanel purchase={open} open={panelOpen} onOpenChange={setPanelOpen} />}
    </Page>
  );
}

function PurchaseCard({ purchase, onDetails }: { purchase: PurchasedService; onDetails: () => void }) {
  const { service } = purchase;
  const facts = [serviceTypeLabel(service.type), formatDuration(service.duration)].filter(Boolean).join(' · ');
  const summary = passSummary(purchase);
  return (
    <PassCard cover={service.cover} title={service.name} provider={purchase.provider.name} onDetails={onDetails}>
      <p className="font-medium text-zinc-900 tabular-nums">{summary.headline}</p>
      {summary.note && <p className="text-zinc-600">{summary.note}</p>}
      {facts && <p className="text-zinc-500">{facts}</p>}
    </PassCard>
  );
}
