import type { ReactNode } from 'react';
import { PencilIcon, TrashIcon } from 'lucide-react';
import { ActionMenu } from '../ui/action-menu.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';

/** One thing of the catalog, a service or a plan. */
export interface CatalogItem {
  id: string | number;
  name: string;
}

/** A column after the name: its header, the classes its header and cells share (width, alignment), its cells' own, and its cell. */
export interface CatalogColumn<T> {
  header: string;
  className: string;
  cellClassName?: string;
  cell: (item: T) => ReactNode;
}

/** An item's menu: Edit and Delete. */
export function CatalogActions<T extends CatalogItem>({
  item,
  onEdit,
  onDelete,
}: {
  item: T;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
}) {
  return (
    <ActionMenu
      label={`Actions for ${item.name}`}
      items={[
        { label: 'Edit', icon: <PencilIcon />, onSelect: () => onEdit(item) },
        { label: 'Delete', icon: <TrashIcon />, danger: true, onSelect: () => onDelete(item) },
      ]}
    />
  );
}

/**
 * A catalog table (docs/product-rules.md#catalog-and-clients), for services and plans alike: the
 * name (with what `leading` puts before it and `below` under it), the `columns`, and the menu; a
 * row or its name opens the editor, the menu edits or deletes.
 */
export function CatalogTable<T extends CatalogItem>({
  items,
  caption,
  columns,
  leading,
  below,
  onEdit,
  onDelete,
}: {
  items: T[];
  caption: string;
  columns: CatalogColumn<T>[];
  leading?: (item: T) => ReactNode;
  below?: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
}) {
  const name = (item: T) => (
    <>
      <button
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          onEdit(item);
        }}
        className="block max-w-full rounded text-left font-medium break-words text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:truncate"
      >
        {item.name}
      </button>
      {below?.(item)}
    </>
  );
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-xs">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium sm:px-5">
              Name
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn('px-3 py-3 font-medium', column.className)}>
                {column.header}
              </th>
            ))}
            <th scope="col" className="w-14 py-3 pr-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {items.map((item) => (
            <tr key={item.id} onClick={() => onEdit(item)} className="cursor-pointer transition-colors hover:bg-zinc-50">
              <td className="px-4 py-3 sm:px-5">
                {leading ? (
                  <div className="flex items-center gap-3">
                    {leading(item)}
                    <div className="min-w-0">{name(item)}</div>
                  </div>
                ) : (
                  name(item)
                )}
              </td>
              {columns.map((column) => (
                <td key={column.header} className={cn('px-3 py-3', column.className, column.cellClassName)}>
                  {column.cell(item)}
                </td>
              ))}
              <td className="py-2 pr-3 text-right">
                <CatalogActions item={item} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A catalog table's loading state: three rows of `cells` under a header bar. */
export function CatalogSkeleton({ label, cells }: { label: string; cells: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white" role="status" aria-busy="true" aria-label={label}>
      <div className="border-b border-zinc-100 bg-zinc-50/80 px-5 py-3">
        <Skeleton className="h-3 w-24" />
      </div>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 border-b border-zinc-100 px-5 py-4 last:border-0">
          {cells}
        </div>
      ))}
    </div>
  );
}
