import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ChevronRightIcon, MailIcon, PhoneIcon } from 'lucide-react';
import type { Profile } from '../api/get-profile.ts';

/** A Contact dialog with the provider's e-mail and phone links (docs/product-rules.md#public-profile). */
export function ContactDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: Pick<Profile, 'name' | 'email' | 'phone'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const phone = profile.phone?.trim();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Contact ${profile.name}`} description="Get in touch by e-mail or phone.">
      <ul className="flex flex-col gap-2">
        {profile.email && (
          <ContactRow href={`mailto:${profile.email}`} icon={<MailIcon className="size-5" />} label="E-mail" value={profile.email} />
        )}
        {phone && (
          <ContactRow href={`tel:${phone.replace(/[^\d+]/g, '')}`} icon={<PhoneIcon className="size-5" />} label="Phone" value={phone} />
        )}
      </ul>
    </Dialog>
  );
}

function ContactRow({ href, icon, label, value }: { href: string; icon: ReactNode; label: string; value: string }) {
  return (
    <li>
      <a
        href={href}
        className="flex items-center gap-3 rounded-xl border border-zinc-200 p-3 transition-colors outline-none hover:border-zinc-300 hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-zinc-500">{label}</span>
          <span className="block truncate text-sm font-medium text-zinc-900">{value}</span>
        </span>
        <ChevronRightIcon className="size-4 shrink-0 text-zinc-400" />
      </a>
    </li>
  );
}
