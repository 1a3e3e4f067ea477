import { Link } from 'react-router';
import type { Service } from '@slotted/contract';
import { ChevronRightIcon, ClockIcon, MapPinIcon, UsersIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/page.tsx';
import { richTextToPlain } from '../../../lib/rich-text-plain.ts';
import { formatMoney, formatDuration } from '../../../lib/format.ts';
import { usePrefetch } from '../../../lib/prefetch.ts';
import { chooseTimePath, serviceTypeLabel } from '../../../lib/service-format.ts';

/** A service on the public profile; the whole card leads to its choose-time page. */
export function ServiceCard({ service, username }: { service: Service; username: string }) {
  const duration = formatDuration(service.duration);
  const prefetch = usePrefetch();
  return (
    <Link
      to={chooseTimePath(username, service.id)}
      onMouseEnter={() => prefetch.chooseTime(service.id)}
      onFocus={() => prefetch.chooseTime(service.id)}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xs transition-all outline-none hover:-translate-y-0.5 hover:border-zinc-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 motion-reduce:hover:translate-y-0"
    >
      {service.cover && <img src={service.cover} alt="" className="aspect-[16/7] w-full bg-zinc-100 object-cover" loading="lazy" />}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-base font-semibold text-zinc-900">{service.name}</h3>
          <span className="shrink-0 text-base font-semibold tabular-nums text-zinc-900">{formatMoney(service.price)}</span>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-zinc-500">
          <Badge tone={service.type === 'class' ? 'brand' : 'neutral'}>{serviceTypeLabel(service.type)}</Badge>
          {duration && (
            <span className="flex items-center gap-1.5">
              <ClockIcon className="size-3.5 shrink-0" />
              {duration}
            </span>
          )}
          {service.type === 'class' && service.capacity > 0 && (
            <span className="flex items-center gap-1.5">
              <UsersIcon className="size-3.5 shrink-0" />
              Up to {service.capacity}
            </span>
          )}
          {service.location && (
            <span className="flex min-w-0 items-center gap-1.5">
              <MapPinIcon className="size-3.5 shrink-0" />
              <span className="truncate">{service.location}</span>
            </span>
          )}
        </div>
        {service.description && (
          <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-zinc-600">{richTextToPlain(service.description)}</p>
        )}
        <span className="mt-auto flex items-center gap-1 pt-4 text-sm font-medium text-brand-700">
          Choose a time
          <ChevronRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </Link>
  );
}
