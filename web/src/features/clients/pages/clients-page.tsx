import { useId, useRef, useState } from 'react';
import type { Client } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { ChevronRightIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { Badge, DocumentTitle, EmptyState, Page, PageHeader } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ProvidersOnly } from '../../../components/providers-only.tsx';
import { useClients } from '../api/get-clients.ts';
import { ClientPanel } from '../components/client-panel.tsx';

/** Lower case without accents, so 'ana' finds 'Ana' and 'Anaïs'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Clients are searched by name, ignoring case (docs/product-rules.md#catalog-and-clients). */
export function filterClients(clients: Client[], search: string): Client[] {
  const needle = fold(search.trim());
  if (!needle) return clients;
  return clients.filter((client) => fold(client.name).includes(needle));
}

/** /clients (providers; docs/product-rules.md#catalog-and-clients). */
export function ClientsPage() {
  return (
    <Page>
      <DocumentTitle title="Clients" />
      <PageHeader title="Clients" />
      <ProvidersOnly>
        <ClientsList />
      </ProvidersOnly>
    </Page>
  );
}

function ClientsList() {
  const clients = useClients();
  return (
    <QueryState
      query={clients}
      what="your clients"
      loading={<ClientsSkeleton />}
      empty={
        <EmptyState
          icon={<UsersIcon className="size-6" />}
          title="No clients yet"
          description="Your clients will appear here once they book your service"
        />
      }
    >
      {(list) => <ClientsFound clients={list} />}
    </QueryState>
  );
}

function ClientsFound({ clients }: { clients: Client[] }) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  // Kept while the panel closes, so its content does not vanish mid-animation.
  const [panel, setPanel] = useState<{ open: boolean; client: Client | null }>({ open: false, client: null });
  // The panel has no trigger of its own: the row that opened it gets the focus back.
  const opener = useRef<HTMLButtonElement | null>(null);

  const shown = filterClients(clients, search);
  return (
    <>
      <div role="search" className="relative mb-4">
        <label htmlFor={searchId} className="sr-only">
          Search clients by name
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by name"
          autoComplete="off"
          spellCheck={false}
          className="pl-9"
        />
      </div>
      <p className="sr-only" role="status">
        {search.trim() ? `${shown.length} ${shown.length === 1 ? 'client' : 'clients'} found` : ''}
      </p>
      {shown.length === 0 ? (
        <EmptyState
          icon={<SearchIcon className="size-6" />}
          title="No clients found"
          description={`No client’s name contains “${search.trim()}”.`}
          action={
            <Button theme="white" onClick={() => setSearch('')}>
              Clear search
            </Button>
          }
        />
      ) : (
        <ul aria-label="Clients" className="divide-y divide-zinc-100 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xs">
          {shown.map((client) => (
            <li key={client.id}>
              <button
                type="button"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setPanel({ open: true, client });
                }}
                aria-haspopup="dialog"
                className="flex w-full items-center gap-3 px-4 py-3 text-left transition-colors outline-none hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset sm:px-5"
              >
                <Avatar src={client.avatar} name={client.name} size="m" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate text-sm font-medium text-zinc-900">{client.name}</span>
                    {client.is_me && <Badge>You</Badge>}
                  </span>
                  <span className="block truncate text-xs text-zinc-500">{client.email}</span>
                </span>
                <ChevronRightIcon className="size-4 shrink-0 text-zinc-400" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {panel.client && (
        <ClientPanel
          clientId={panel.client.id}
          client={panel.client}
          open={panel.open}
          onOpenChange={(open) => {
            setPanel((current) => ({ ...current, open }));
            // After the dialog has let go of the focus (its focus trap would take it back).
            if (!open) window.setTimeout(() => opener.current?.focus(), 0);
          }}
        />
      )}
    </>
  );
}

function ClientsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading clients">
      <Skeleton className="mb-4 h-10" />
      <div className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-3 px-4 py-3 sm:px-5">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56 max-w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
