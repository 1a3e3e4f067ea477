import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Service } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ClockIcon, EuroIcon, MapPinIcon, UsersIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/page.tsx';
import { LazyRichTextView as RichTextView } from '../../../components/ui/lazy-rich-text-view.tsx';
import { richTextToPlain } from '../../../lib/rich-text-plain.ts';
import { cn } from '../../../lib/cn.ts';
import { formatMoney, formatDuration } from '../../../lib/format.ts';
import { serviceTypeLabel } from '../../../lib/service-format.ts';

/** The service being booked: who offers it, what it is, how long, how much and where. */
export function ServiceHeader({ service, username }: { service: Service; username: string }) {
  const [expanded, setExpanded] = useState(false);
  const plain = richTextToPlain(service.description);
  const long = plain.length > 140;
  return (
    <section aria-labelledby="service-name" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-xs sm:p-6">
      <Link
        to={`/${encodeURIComponent(username)}`}
        className="group -m-1 inline-flex max-w-full items-center gap-2.5 rounded-full p-1 pr-3 outline-none hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Avatar src={service.provider.avatar} name={service.provider.name} size="s" />
        <span className="min-w-0 text-sm font-medium break-words text-zinc-700 group-hover:text-zinc-900">{service.provider.name}</span>
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <h1 id="service-name" className="text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">
          {service.name}
        </h1>
        <Badge tone={service.type === 'class' ? 'brand' : 'neutral'}>{serviceTypeLabel(service.type)}</Badge>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-sm lg:grid-cols-2 lg:gap-4">
        <Fact icon={<ClockIcon className="size-4" />} label="Duration" value={formatDuration(service.duration)} />
        <Fact icon={<EuroIcon className="size-4" />} label="Price" value={formatMoney(service.price)} />
        {service.type === 'class' && service.capacity > 0 && (
          <Fact icon={<UsersIcon className="size-4" />} label="Class size" value={`Up to ${service.capacity}`} />
        )}
        {service.location && (
          <Fact icon={<MapPinIcon className="size-4" />} label="Location" value={service.location} className="col-span-full" />
        )}
      </dl>
      {service.description && (
        <div className="mt-5 border-t border-zinc-100 pt-4">
          {long && !expanded && (
            // Shortened on phones as running text, so the cut reads '…' and never '….'.
            <p className="line-clamp-3 text-sm leading-relaxed text-zinc-700 lg:hidden">{plain}</p>
          )}
          <RichTextView html={service.description} className={cn(long && !expanded && 'max-lg:hidden')} />
          {long && (
            <button
              type="button"
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
              className="mt-2 text-sm font-medium text-brand-700 hover:underline lg:hidden"
            >
              {expanded ? 'Show less' : 'Read more'}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function Fact({ icon, label, value, className }: { icon: ReactNode; label: string; value: string; className?: string }) {
  // A dl's groups hold only dt and dd (axe definition-list, dlitem): the icon lives inside the dt.
  return (
    <div className={cn('relative min-w-0 lg:pl-[2.375rem]', className)}>
      <dt className="text-xs text-zinc-500">
        <span
          aria-hidden="true"
          className="absolute top-0.5 left-0 hidden size-7 items-center justify-center rounded-lg bg-zinc-100 text-zinc-600 lg:flex"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-medium break-words text-zinc-900">{value}</dd>
    </div>
  );
}
