import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button.tsx';
import { LayersIcon } from 'lucide-react';
import { EmptyState } from './ui/page.tsx';
import { useMe } from '../lib/me.ts';

/**
 * Provider pages (catalog, availability) for someone who is not a provider (the API answers 403):
 * say why, and where to become one, instead of an error.
 */
export function ProvidersOnly({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  if (me && !me.is_provider) {
    return (
      <EmptyState
        icon={<LayersIcon className="size-6" />}
        title="This page is for providers"
        description="Turn on “I offer services” in your account settings to list services and set your hours."
        action={
          <Link to="/settings/account" className={buttonClasses({ theme: 'white' })}>
            Go to account settings
          </Link>
        }
      />
    );
  }
  return <>{children}</>;
}
