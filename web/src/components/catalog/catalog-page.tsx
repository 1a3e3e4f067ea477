import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { ProvidersOnly } from '../providers-only.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DocumentTitle, EmptyState, Page } from '../ui/page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { useToast } from '../ui/toast.tsx';
import { CatalogHeader } from './catalog-header.tsx';
import type { CatalogItem } from './catalog-table.tsx';

/**
 * A Catalog page, /services or /plans (docs/product-rules.md#catalog-and-clients): the header with
 * its add button and tabs, then, for providers, the `list` and the `panel` that adds (item null)
 * or edits an item.
 */
export function CatalogPage<T extends CatalogItem>({
  title,
  addLabel,
  list,
  panel,
}: {
  title: string;
  addLabel: string;
  list: (actions: { onAdd: () => void; onEdit: (item: T) => void }) => ReactNode;
  panel: (props: { open: boolean; onOpenChange: (open: boolean) => void; item: T | null }) => ReactNode;
}) {
  const [shown, setShown] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  const openPanel = (item: T | null) => setShown({ open: true, item });

  return (
    <Page>
      <DocumentTitle title={title} />
      <CatalogHeader addLabel={addLabel} onAdd={() => openPanel(null)} />
      <ProvidersOnly>
        {list({ onAdd: () => openPanel(null), onEdit: openPanel })}
        {panel({ open: shown.open, onOpenChange: (open) => setShown((current) => ({ ...current, open })), item: shown.item })}
      </ProvidersOnly>
    </Page>
  );
}

/**
 * A Catalog page's list: loading, failure and empty states (with a button that adds the first),
 * the `table`, and deleting after asking; a failed delete is silent
 * (docs/product-rules.md#failures-and-messages).
 */
export function CatalogList<T extends CatalogItem>({
  query,
  what,
  loading,
  empty,
  onAdd,
  table,
  remove,
  deleteDescription,
  deletedTitle,
}: {
  query: UseQueryResult<T[]>;
  what: string;
  loading: ReactNode;
  empty: { icon: ReactNode; title: string; description: string; addLabel: string };
  onAdd: () => void;
  table: (items: T[], onDelete: (item: T) => void) => ReactNode;
  remove: { isPending: boolean; mutate: (id: T['id'], options: { onSuccess: () => void; onSettled: () => void }) => void };
  deleteDescription: (item: T | null) => string | undefined;
  deletedTitle: string;
}) {
  const { toast } = useToast();
  // Kept while the dialog closes, so its text does not vanish mid-animation.
  const [deleting, setDeleting] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });

  return (
    <>
      <QueryState
        query={query}
        what={what}
        loading={loading}
        empty={
          <EmptyState
            icon={empty.icon}
            title={empty.title}
            description={empty.description}
            action={
              <Button leadingIcon={<PlusIcon className="size-4" />} onClick={onAdd}>
                {empty.addLabel}
              </Button>
            }
          />
        }
      >
        {(items) => table(items, (item) => setDeleting({ open: true, item }))}
      </QueryState>
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((current) => ({ ...current, open }))}
        description={deleteDescription(deleting.item)}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => {
          const item = deleting.item;
          if (!item) return;
          remove.mutate(item.id, {
            onSuccess: () => toast({ title: deletedTitle }),
            onSettled: () => setDeleting((current) => ({ ...current, open: false })),
          });
        }}
      />
    </>
  );
}
