import type { Service } from '@slotted/contract';
import { CatalogActions, CatalogSkeleton, CatalogTable } from '../../../components/catalog/catalog-table.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMoney, formatDuration } from '../../../lib/format.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/** Under 640 px the table becomes a list of cards. */
export const CARD_LIST_QUERY = '(max-width: 639px)';

const NUMBER_CELL = 'text-zinc-800 tabular-nums';

const TYPE_LABELS: Record<Service['type'], string> = { appointment: 'Appointment', class: 'Class' };

interface ServicesTableProps {
  services: Service[];
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
}

/**
 * The services table (docs/product-rules.md#catalog-and-clients): name, type, price and duration; a
 * row opens the editor, its menu edits or deletes.
 */
export function ServicesTable({ services, onEdit, onDelete }: ServicesTableProps) {
  const cards = useMediaQuery(CARD_LIST_QUERY);

  if (cards) {
    return (
      <ul className="flex flex-col gap-2" aria-label="Services">
        {services.map((service) => (
          <li
            key={service.id}
            onClick={() => onEdit(service)}
            className="flex cursor-pointer items-start gap-2 rounded-xl border border-zinc-200/80 bg-white py-3 pr-2 pl-4 shadow-xs transition-colors hover:bg-zinc-50"
          >
            <div className="min-w-0 flex-1">
              <button
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  onEdit(service);
                }}
                className="block max-w-full truncate rounded text-left text-[15px] font-medium text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                {service.name}
              </button>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-600">
                <Badge tone={service.type === 'class' ? 'brand' : 'neutral'}>{TYPE_LABELS[service.type]}</Badge>
                <span className="tabular-nums">{formatMoney(service.price)}</span>
                <span aria-hidden="true" className="text-zinc-300">
                  ·
                </span>
                <span className="tabular-nums">{formatDuration(service.duration)}</span>
              </div>
            </div>
            <CatalogActions item={service} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <CatalogTable
      items={services}
      caption="Services"
      below={(service) => service.location && <p className="mt-0.5 truncate text-xs text-zinc-500">{service.location}</p>}
      columns={[
        {
          header: 'Type',
          className: 'w-32',
          cell: (service) => <Badge tone={service.type === 'class' ? 'brand' : 'neutral'}>{TYPE_LABELS[service.type]}</Badge>,
        },
        { header: 'Price', className: 'w-28 text-right', cellClassName: NUMBER_CELL, cell: (service) => formatMoney(service.price) },
        {
          header: 'Duration',
          className: 'w-28 text-right',
          cellClassName: NUMBER_CELL,
          cell: (service) => formatDuration(service.duration),
        },
      ]}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}

export function ServicesSkeleton() {
  return (
    <CatalogSkeleton
      label="Loading services"
      cells={
        <>
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-5 w-20 rounded-full sm:block" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="hidden h-4 w-14 sm:block" />
        </>
      }
    />
  );
}
