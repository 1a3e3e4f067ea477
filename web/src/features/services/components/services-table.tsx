import type { Service } from '@slotted/contract';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { PencilIcon, TrashIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMoney, formatDuration } from '../../../lib/format.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/** Under 640 px the table becomes a list of cards. */
export const CARD_LIST_QUERY = '(max-width: 639px)';

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
  const menu = (service: Service) => (
    <ActionMenu
      label={`Actions for ${service.name}`}
      items={[
        { label: 'Edit', icon: <PencilIcon />, onSelect: () => onEdit(service) },
        { label: 'Delete', icon: <TrashIcon />, danger: true, onSelect: () => onDelete(service) },
      ]}
    />
  );

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
            {menu(service)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-xs">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Services</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="w-32 px-3 py-3 font-medium">
              Type
            </th>
            <th scope="col" className="w-28 px-3 py-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="w-28 px-3 py-3 text-right font-medium">
              Duration
            </th>
            <th scope="col" className="w-14 py-3 pr-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {services.map((service) => (
            <tr key={service.id} onClick={() => onEdit(service)} className="cursor-pointer transition-colors hover:bg-zinc-50">
              <td className="px-5 py-3">
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onEdit(service);
                  }}
                  className="block max-w-full truncate rounded text-left font-medium text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  {service.name}
                </button>
                {service.location && <p className="mt-0.5 truncate text-xs text-zinc-500">{service.location}</p>}
              </td>
              <td className="px-3 py-3">
                <Badge tone={service.type === 'class' ? 'brand' : 'neutral'}>{TYPE_LABELS[service.type]}</Badge>
              </td>
              <td className="px-3 py-3 text-right text-zinc-800 tabular-nums">{formatMoney(service.price)}</td>
              <td className="px-3 py-3 text-right text-zinc-800 tabular-nums">{formatDuration(service.duration)}</td>
              <td className="py-2 pr-3 text-right">{menu(service)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ServicesSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white" aria-busy="true" aria-label="Loading services">
      <div className="border-b border-zinc-100 bg-zinc-50/80 px-5 py-3">
        <Skeleton className="h-3 w-24" />
      </div>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 border-b border-zinc-100 px-5 py-4 last:border-0">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-5 w-20 rounded-full sm:block" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="hidden h-4 w-14 sm:block" />
        </div>
      ))}
    </div>
  );
}
