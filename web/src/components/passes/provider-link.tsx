import { ExternalLinkIcon } from 'lucide-react';
import { Avatar } from '../ui/avatar.tsx';

/** The provider of a pass, linking to their public page in a new tab (My passes panels). */
export function ProviderLink({ provider }: { provider: { name: string; username: string | null; avatar: string | null } }) {
  return (
    <a
      href={provider.username ? `/${encodeURIComponent(provider.username)}` : undefined}
      target="_blank"
      rel="noreferrer"
      className="group -mx-1.5 inline-flex max-w-full items-center gap-2.5 rounded-lg px-1.5 py-1 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <Avatar src={provider.avatar} name={provider.name} size="s" />
      <span className="truncate font-medium text-zinc-900 group-hover:underline">{provider.name}</span>
      {provider.username && <ExternalLinkIcon className="size-3.5 shrink-0 text-zinc-400" aria-label="(opens in a new tab)" />}
    </a>
  );
}
