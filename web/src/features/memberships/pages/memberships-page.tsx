import { useState } from 'react';
import type { Membership } from '@slotted/contract';
import { TicketIcon } from 'lucide-react';
import { MyPassesHeader } from '../../../components/passes/my-passes-header.tsx';
import { PassCard, PassGridSkeleton } from '../../../components/passes/pass-card.tsx';
import { Badge, DocumentTitle, EmptyState, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { membershipDayLine, membershipUsage, usagePercent } from '../../../lib/membership-format.ts';
import { useMyMemberships } from '../api/get-my-memberships.ts';
import { MembershipPanel } from '../components/membership-panel.tsx';

const STATUS: Record<Membership['status'], { label: string; tone: 'success' | 'neutral' | 'danger' | 'brand' }> = {
  held: { label: 'Not confirmed', tone: 'neutral' },
  active: { label: 'Active', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/** /memberships: My passes → Memberships (docs/product-rules.md#memberships-and-credits). */
export function MembershipsPage() {
  const memberships = useMyMemberships();
  const [openId, setOpenId] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const open = memberships.data?.find((m) => m.id === openId);

  return (
    <Page width="l">
      <DocumentTitle title="Memberships" />
      <MyPassesHeader />
      <QueryState
        query={memberships}
        what="your memberships"
        loading={<PassGridSkeleton label="Loading your memberships" />}
        empty={
          <EmptyState
            icon={<TicketIcon className="size-6" />}
            title="You have no memberships"
            description="Memberships and packs you buy from a provider's page appear here."
          />
        }
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((membership) => (
              <li key={membership.id}>
                <MembershipCard
                  membership={membership}
                  onDetails={() => {
                    setOpenId(membership.id);
                    setPanelOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {open && <MembershipPanel membership={open} open={panelOpen} onOpenChange={setPanelOpen} />}
    </Page>
  );
}

function MembershipCard({ membership, onDetails }: { membership: Membership; onDetails: () => void }) {
  const status = STATUS[membership.status];
  const dayLine = membershipDayLine(membership);
  return (
    <PassCard
      cover={membership.cover}
      title={membership.name}
      provider={membership.provider.name}
      badge={<Badge tone={status.tone}>{status.label}</Badge>}
      onDetails={onDetails}
    >
      <p className="flex items-center justify-between gap-2">
        <span className="font-medium text-zinc-900 tabular-nums">{membershipUsage(membership)}</span>
        <span className="text-zinc-500 tabular-nums">{membership.available_count} left</span>
      </p>
      <span className="block h-1.5 overflow-hidden rounded-full bg-zinc-200" aria-hidden="true">
        <span className="block h-full rounded-full bg-brand-500" style={{ width: `${usagePercent(membership)}%` }} />
      </span>
      {dayLine && <p className="text-zinc-500">{dayLine}</p>}
    </PassCard>
  );
}
