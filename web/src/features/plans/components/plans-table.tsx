import type { ProviderPlan } from '@slotted/contract';
import { ImageIcon } from 'lucide-react';
import { CatalogSkeleton, CatalogTable } from '../../../components/catalog/catalog-table.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMoney } from '../../../lib/format.ts';

/** '€79.00/month' for a membership, '€225.00' for a single payment (docs/product-rules.md#catalog-and-clients). */
export function formatPlanPrice(plan: Pick<ProviderPlan, 'price' | 'interval'>): string {
  return plan.interval === 'month' ? `${formatMoney(plan.price)}/month` : formatMoney(plan.price);
}

/** '3 sold · €237.00 paid': memberships bought and the money taken for them. */
export function formatTotalSales({ total_sales: sales }: Pick<ProviderPlan, 'total_sales'>): string {
  return `${sales.memberships} sold · ${formatMoney(sales.amount)} paid`;
}

/** '€45.00 unpaid (1)': what buyers still owe (docs/product-rules.md#memberships-and-credits); null when nothing is. */
export function formatUnpaid({ total_sales: { unpaid } }: Pick<ProviderPlan, 'total_sales'>): string | null {
  if (unpaid.memberships === 0) return null;
  return `${formatMoney(unpaid.amount)} unpaid (${unpaid.memberships})`;
}

/** Total sales, with what is still owed under it in amber, so '€0.00 paid' never hides a debt. */
function TotalSales({ plan }: { plan: ProviderPlan }) {
  const unpaid = formatUnpaid(plan);
  return (
    <>
      <span>{formatTotalSales(plan)}</span>
      {unpaid && <span className="block text-xs font-medium text-amber-800">{unpaid}</span>}
    </>
  );
}

const NUMBER_CELL = 'text-zinc-800 tabular-nums';

/**
 * The plans table (docs/product-rules.md#catalog-and-clients): cover and name, price, total sales;
 * a row opens the editor, its menu edits or deletes. On phones price and sales move under the name.
 */
export function PlansTable({
  plans,
  onEdit,
  onDelete,
}: {
  plans: ProviderPlan[];
  onEdit: (plan: ProviderPlan) => void;
  onDelete: (plan: ProviderPlan) => void;
}) {
  return (
    <CatalogTable
      items={plans}
      caption="Plans"
      leading={(plan) => <Thumbnail cover={plan.cover} />}
      below={(plan) => (
        <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-zinc-500 tabular-nums sm:hidden">
          <span>{formatPlanPrice(plan)}</span>
          <span aria-hidden="true">·</span>
          <span>{formatTotalSales(plan)}</span>
          {formatUnpaid(plan) && <span className="font-medium text-amber-800">· {formatUnpaid(plan)}</span>}
        </p>
      )}
      columns={[
        { header: 'Price', className: 'w-32 text-right max-sm:hidden', cellClassName: NUMBER_CELL, cell: formatPlanPrice },
        {
          header: 'Total sales',
          className: 'w-48 text-right max-sm:hidden',
          cellClassName: NUMBER_CELL,
          cell: (plan) => <TotalSales plan={plan} />,
        },
      ]}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}

function Thumbnail({ cover }: { cover: string | null }) {
  return cover ? (
    <img src={cover} alt="" className="aspect-[16/9] w-12 shrink-0 rounded-md bg-zinc-100 object-cover sm:w-16" loading="lazy" />
  ) : (
    <span
      aria-hidden="true"
      className="flex aspect-[16/9] w-12 shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-brand-50 to-brand-100 text-brand-400 sm:w-16"
    >
      <ImageIcon className="size-4" />
    </span>
  );
}

export function PlansSkeleton() {
  return (
    <CatalogSkeleton
      label="Loading plans"
      cells={
        <>
          <Skeleton className="aspect-[16/9] w-16 rounded-md" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="hidden h-4 w-24 sm:block" />
        </>
      }
    />
  );
}
