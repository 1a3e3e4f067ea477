import type { Service } from '@slotted/contract';
import { LayersIcon } from 'lucide-react';
import { CatalogList, CatalogPage } from '../../../components/catalog/catalog-page.tsx';
import { useServices } from '../../../lib/services/get-services.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { ServicePanel } from '../components/service-panel.tsx';
import { ServicesSkeleton, ServicesTable } from '../components/services-table.tsx';

/** /services (docs/product-rules.md#catalog-and-clients). */
export function ServicesPage() {
  return (
    <CatalogPage<Service>
      title="Services"
      addLabel="Add service"
      list={(actions) => <ServicesList {...actions} />}
      panel={({ item, ...panel }) => <ServicePanel {...panel} service={item} />}
    />
  );
}

function ServicesList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (service: Service) => void }) {
  const services = useServices();
  const remove = useDeleteService();
  return (
    <CatalogList
      query={services}
      what="your services"
      loading={<ServicesSkeleton />}
      empty={{
        icon: <LayersIcon className="size-6" />,
        title: 'Create your first service',
        description: 'Add a 1:1 appointment or a group class that clients can book from your public page.',
        addLabel: 'New service',
      }}
      onAdd={onAdd}
      table={(list, onDelete) => <ServicesTable services={list} onEdit={onEdit} onDelete={onDelete} />}
      remove={remove}
      deleteDescription={(service) => (service ? `“${service.name}” will no longer be offered to clients.` : undefined)}
      deletedTitle="Service deleted"
    />
  );
}
