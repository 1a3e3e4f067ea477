import { useState } from 'react';
import type { ProviderPlan } from '@slotted/contract';
import { PlusIcon, TicketIcon } from 'lucide-react';
import { CatalogHeader } from '../../../components/catalog-header.tsx';
import { ProvidersOnly } from '../../../components/providers-only.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DocumentTitle, EmptyState, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDeletePlan } from '../api/delete-plan.ts';
import { usePlans } from '../api/get-plans.ts';
import { PlanPanel } from '../components/plan-panel.tsx';
import { PlansSkeleton, PlansTable } from '../components/plans-table.tsx';

/** /plans (docs/product-rules.md#catalog-and-clients). */
export function PlansPage() {
  const [panel, setPanel] = useState<{ open: boolean; plan: ProviderPlan | null }>({ open: false, plan: null });
  const openPanel = (plan: ProviderPlan | null) => setPanel({ open: true, plan });

  return (
    <Page>
      <DocumentTitle title="Plans" />
      <CatalogHeader addLabel="Add plan" onAdd={() => openPanel(null)} />
      <ProvidersOnly>
        <PlansList onAdd={() => openPanel(null)} onEdit={openPanel} />
        <PlanPanel open={panel.open} onOpenChange={(open) => setPanel((current) => ({ ...current, open }))} plan={panel.plan} />
      </ProvidersOnly>
    </Page>
  );
}

function PlansList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (plan: ProviderPlan) => void }) {
  const plans = usePlans();
  const remove = useDeletePlan();
  const { toast } = useToast();
  // Kept while the dialog closes, so its text does not vanish mid-animation.
  const [deleting, setDeleting] = useState<{ open: boolean; plan: ProviderPlan | null }>({ open: false, plan: null });

  return (
    <>
      <QueryState
        query={plans}
        what="your plans"
        loading={<PlansSkeleton />}
        empty={
          <EmptyState
            icon={<TicketIcon className="size-6" />}
            title="Create your first plan"
            description="Create a monthly plan or a one-time bundle."
            action={
              <Button leadingIcon={<PlusIcon className="size-4" />} onClick={onAdd}>
                New plan
              </Button>
            }
          />
        }
      >
        {(list) => <PlansTable plans={list} onEdit={onEdit} onDelete={(plan) => setDeleting({ open: true, plan })} />}
      </QueryState>
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((current) => ({ ...current, open }))}
        description="New clients will not be able to buy it, but current clients will remain."
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => {
          const plan = deleting.plan;
          if (!plan) return;
          remove.mutate(plan.id, {
            onSuccess: () => toast({ title: 'Plan deleted' }),
            // A failed delete is silent (docs/product-rules.md#failures-and-messages).
            onSettled: () => setDeleting((current) => ({ ...current, open: false })),
          });
        }}
      />
    </>
  );
}
