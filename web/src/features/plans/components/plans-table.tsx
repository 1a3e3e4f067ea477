import type { ProviderPlan } from '@slotted/contract';
import { ImageIcon, PencilIcon, TrashIcon } from 'lucide-react';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMoney } from '../../../lib/format.ts';

/** '€79.00/month' for a membership, '€225.00' for a single payment (docs/product-rules.md#catalog-and-clients). */
export function formatPlanPrice(plan: Pick<ProviderPlan, 'price' | 'interval'>): string {
  return plan.interval === 'month' ? `${formatMoney(plan.price)}/month` : formatMoney(plan.price);
}

/** '3 sold · €237.00': memberships bought and the money taken for them. */
export function formatTotalSales({ total_sales: sales }: Pick<ProviderPlan, 'total_sales'>): string {
  return `${sales.memberships} sold · ${formatMoney(sales.amount)}`;
}

interface PlansTableProps {
  plans: ProviderPlan[];
  onEdit: (plan: ProviderPlan) => void;
  onDelete: (plan: ProviderPlan) => void;
}

/**
 * The plans table (docs/product-rules.md#catalog-and-clients): cover and name, price, total sales;
 * a row opens the editor, its menu edits or deletes. On phones price and sales move under the name.
 */
export function PlansTable({ plans, onEdit, onDelete }: PlansTableProps) {
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-xs">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Plans</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium sm:px-5">
              Name
            </th>
            <th scope="col" className="w-32 px-3 py-3 text-right font-medium max-sm:hidden">
              Price
            </th>
            <th scope="col" className="w-40 px-3 py-3 text-right font-medium max-sm:hidden">
              Total sales
            </th>
            <th scope="col" className="w-14 py-3 pr-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {plans.map((plan) => (
            <tr key={plan.id} onClick={() => onEdit(plan)} className="cursor-pointer transition-colors hover:bg-zinc-50">
              <td className="px-4 py-3 sm:px-5">
                <div className="flex items-center gap-3">
                  <Thumbnail cover={plan.cover} />
                  <div className="min-w-0">
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        onEdit(plan);
                      }}
                      className="block max-w-full rounded text-left font-medium break-words text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:truncate"
                    >
                      {plan.name}
                    </button>
                    <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-zinc-500 tabular-nums sm:hidden">
                      <span>{formatPlanPrice(plan)}</span>
                      <span aria-hidden="true">·</span>
                      <span>{formatTotalSales(plan)}</span>
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-3 py-3 text-right text-zinc-800 tabular-nums max-sm:hidden">{formatPlanPrice(plan)}</td>
              <td className="px-3 py-3 text-right text-zinc-800 tabular-nums max-sm:hidden">{formatTotalSales(plan)}</td>
              <td className="py-2 pr-3 text-right">
                <ActionMenu
                  label={`Actions for ${plan.name}`}
                  items={[
                    { label: 'Edit', icon: <PencilIcon />, onSelect: () => onEdit(plan) },
                    { label: 'Delete', icon: <TrashIcon />, danger: true, onSelect: () => onDelete(plan) },
                  ]}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white" aria-busy="true" aria-label="Loading plans">
      <div className="border-b border-zinc-100 bg-zinc-50/80 px-5 py-3">
        <Skeleton className="h-3 w-24" />
      </div>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 border-b border-zinc-100 px-5 py-4 last:border-0">
          <Skeleton className="aspect-[16/9] w-16 rounded-md" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="hidden h-4 w-24 sm:block" />
        </div>
      ))}
    </div>
  );
}
