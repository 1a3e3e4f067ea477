import { useState } from 'react';
import type { Service } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LayersIcon, PlusIcon } from 'lucide-react';
import { DocumentTitle, EmptyState, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { CatalogHeader } from '../../../components/catalog-header.tsx';
import { ProvidersOnly } from '../../../components/providers-only.tsx';
import { useServices } from '../../../lib/services/get-services.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { ServicePanel } from '../components/service-panel.tsx';
import { ServicesSkeleton, ServicesTable } from '../components/services-table.tsx';

/** /services (docs/product-rules.md#catalog-and-clients). */
export function ServicesPage() {
  const [panel, setPanel] = useState<{ open: boolean; service: Service | null }>({ open: false, service: null });
  const openPanel = (service: Service | null) => setPanel({ open: true, service });

  return (
    <Page>
      <DocumentTitle title="Services" />
      <CatalogHeader addLabel="Add service" onAdd={() => openPanel(null)} />
      <ProvidersOnly>
        <ServicesList onAdd={() => openPanel(null)} onEdit={openPanel} />
        <ServicePanel open={panel.open} onOpenChange={(open) => setPanel((current) => ({ ...current, open }))} service={panel.service} />
      </ProvidersOnly>
    </Page>
  );
}

function ServicesList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (service: Service) => void }) {
  const services = useServices();
  const remove = useDeleteService();
  const { toast } = useToast();
  // Kept while the dialog closes, so its text does not vanish mid-animation.
  const [deleting, setDeleting] = useState<{ open: boolean; service: Service | null }>({ open: false, service: null });

  return (
    <>
      <QueryState
        query={services}
        what="your services"
        loading={<ServicesSkeleton />}
        empty={
          <EmptyState
            icon={<LayersIcon className="size-6" />}
            title="Create your first service"
            description="Add a 1:1 appointment or a group class that clients can book from your public page."
            action={
              <Button leadingIcon={<PlusIcon className="size-4" />} onClick={onAdd}>
                New service
              </Button>
            }
          />
        }
      >
        {(list) => <ServicesTable services={list} onEdit={onEdit} onDelete={(service) => setDeleting({ open: true, service })} />}
      </QueryState>
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((current) => ({ ...current, open }))}
        description={deleting.service ? `“${deleting.service.name}” will no longer be offered to clients.` : undefined}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => {
          const service = deleting.service;
          if (!service) return;
          remove.mutate(service.id, {
            onSuccess: () => toast({ title: 'Service deleted' }),
            // A failed delete is silent (docs/product-rules.md#failures-and-messages).
            onSettled: () => setDeleting((current) => ({ ...current, open: false })),
          });
        }}
      />
    </>
  );
}
