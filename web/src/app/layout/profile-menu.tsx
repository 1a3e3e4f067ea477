import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import type { Me } from '@slotted/contract';
import { Avatar, initials } from '../../components/ui/avatar.tsx';
import { ChevronsUpDownIcon, ExternalLinkIcon, LogOutIcon, SettingsIcon, TicketIcon, UserIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { hasNamedRoute } from '../route-meta.ts';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-700 outline-none select-none ' +
  'data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900';

/**
 * The profile menu (docs/product-rules.md#routes-and-navigation): avatar and name; Profile (opens
 * /{username} in a new tab, only with a username — and once the public profile page exists),
 * Settings and Log out.
 */
export function ProfileMenu({ me, variant }: { me: Me; variant: 'full' | 'compact' }) {
  const showProfile = Boolean(me.username) && hasNamedRoute('Profile');
  return (
    // Not modal (as ActionMenu): a modal menu hides the page with aria-hidden while its links stay
    // focusable (axe aria-hidden-focus); a menu button's menu needs neither, Escape and Tab close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={variant === 'compact' ? compactLabel(me) : undefined}
        className={cn(
          'flex items-center gap-3 rounded-xl text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          variant === 'full' ? 'w-full p-2 hover:bg-zinc-100 data-[state=open]:bg-zinc-100' : 'rounded-full p-0.5',
        )}
      >
        <Avatar src={me.avatar} name={me.name} size={variant === 'full' ? 'm' : 's'} />
        {variant === 'full' && (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-zinc-900">{me.name}</span>
              <span className="block truncate text-xs text-zinc-600">{me.email}</span>
            </span>
            <ChevronsUpDownIcon className="size-4 shrink-0 text-zinc-400" />
          </>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={variant === 'full' ? 'top' : 'bottom'}
          align={variant === 'full' ? 'start' : 'end'}
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-60 rounded-xl border border-zinc-200 bg-white p-1 shadow-xl shadow-zinc-900/10 data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out"
        >
          <div className="flex items-center gap-3 px-2.5 pt-2 pb-3">
            <Avatar src={me.avatar} name={me.name} size="m" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-zinc-900">{me.name}</p>
              <p className="truncate text-xs text-zinc-500">{me.email}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="mx-1 mb-1 h-px bg-zinc-100" />
          {showProfile && (
            <DropdownMenu.Item asChild className={itemClasses}>
              <a href={`/${me.username}`} target="_blank" rel="noopener noreferrer">
                <UserIcon className="size-4 text-zinc-500" />
                <span className="flex-1">Profile</span>
                <ExternalLinkIcon className="size-3.5 text-zinc-400" />
              </a>
            </DropdownMenu.Item>
          )}
          {me.is_provider && (
            // A provider's menu is for the studio; the passes they bought elsewhere stay one click away.
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to="/memberships">
                <TicketIcon className="size-4 text-zinc-500" />
                My passes
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/settings/account">
              <SettingsIcon className="size-4 text-zinc-500" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="mx-1 my-1 h-px bg-zinc-100" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/auth/logout">
              <LogOutIcon className="size-4 text-zinc-500" />
              Log out
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The compact trigger shows only the avatar: its name starts with the initials it shows (when
 * there is no picture), so a voice-control user can say what they see (WCAG 2.5.3).
 */
function compactLabel(me: Me): string {
  return me.avatar ? `Account menu for ${me.name}` : `${initials(me.name)}, account menu for ${me.name}`;
}
