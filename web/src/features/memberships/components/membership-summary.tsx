import { Link } from 'react-router';
import type { Membership } from '@slotted/contract';
import { CheckIcon } from 'lucide-react';
import { PassCover } from '../../../components/passes/pass-cover.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { membershipTerm } from '../../../lib/membership-format.ts';

/**
 * The membership on its checkout page (docs/product-rules.md#memberships-and-credits): cover,
 * name, price and interval ('/month' or 'Valid for 3 months'), provider, and what it includes.
 */
export function MembershipSummary({ membership }: { membership: Membership }) {
  const { provider } = membership;
  const recurring = membership.interval === 'month';
  const term = membershipTerm(membership);
  return (
    <article aria-label={membership.name} className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xs">
      <PassCover src={membership.cover} className="max-h-56" />
      <div className="p-4 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold break-words text-zinc-900 sm:text-xl">{membership.name}</h2>
          <Badge tone={recurring ? 'brand' : 'neutral'}>{recurring ? 'Membership' : 'One-time'}</Badge>
        </div>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-1.5">
          <span className="text-2xl font-semibold tracking-tight tabular-nums text-zinc-900">{formatMoney(membership.price)}</span>
          {term && <span className="text-sm text-zinc-500">{term}</span>}
        </p>
        {membership.benefits.length > 0 && (
          <ul className="mt-4 flex flex-col gap-2" aria-label="Benefits">
            {membership.benefits.map((benefit, index) => (
              <li key={index} className="flex items-start gap-2 text-sm text-zinc-700">
                <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                  <CheckIcon className="size-3" strokeWidth={3} />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-5 flex items-center gap-3 border-t border-zinc-100 pt-4 text-sm">
          <span className="w-14 shrink-0 text-zinc-500">From</span>
          {provider.username ? (
            <Link
              to={`/${encodeURIComponent(provider.username)}`}
              className="group -mx-1.5 -my-1 inline-flex min-w-0 items-center gap-2.5 rounded-lg px-1.5 py-1 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Avatar src={provider.avatar} name={provider.name} size="s" />
              <span className="truncate font-medium text-zinc-900 group-hover:underline">{provider.name}</span>
            </Link>
          ) : (
            <span className="inline-flex min-w-0 items-center gap-2.5">
              <Avatar src={provider.avatar} name={provider.name} size="s" />
              <span className="truncate font-medium text-zinc-900">{provider.name}</span>
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
