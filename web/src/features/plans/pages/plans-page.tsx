import type { ProviderPlan } from '@slotted/contract';
import { TicketIcon } from 'lucide-react';
import { CatalogList, CatalogPage } from '../../../components/catalog/catalog-page.tsx';
import { useDeletePlan } from '../api/delete-plan.ts';
import { usePlans } from '../api/get-plans.ts';
import { PlanPanel } from '../components/plan-panel.tsx';
import { PlansSkeleton, PlansTable } from '../components/plans-table.tsx';

/** /plans (docs/product-rules.md#catalog-and-clients). */
export function PlansPage() {
  return (
    <CatalogPage<ProviderPlan>
      title="Plans"
      addLabel="Add plan"
      list={(actions) => <PlansList {...actions} />}
      panel={({ item, ...panel }) => <PlanPanel {...panel} plan={item} />}
    />
  );
}

function PlansList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (plan: ProviderPlan) => void }) {
  const plans = usePlans();
  const remove = useDeletePlan();
  return (
    <CatalogList
      query={plans}
      what="your plans"
      loading={<PlansSkeleton />}
      empty={{
        icon: <TicketIcon className="size-6" />,
        title: 'Create your first plan',
        description: 'Create a monthly plan or a one-time bundle.',
        addLabel: 'New plan',
      }}
      onAdd={onAdd}
      table={(list, onDelete) => <PlansTable plans={list} onEdit={onEdit} onDelete={onDelete} />}
      remove={remove}
      deleteDescription={() => 'New clients will not be able to buy it, but current clients will remain.'}
      deletedTitle="Plan deleted"
    />
  );
}
