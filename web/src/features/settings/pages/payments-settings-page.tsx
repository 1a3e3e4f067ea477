import { useId, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Me } from '@slotted/contract';
import { ExternalLinkIcon } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Badge, DocumentTitle, Page, PageHeader } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError, routePath } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config.ts';
import { useMe } from '../../../lib/me.ts';
import { useUpdatePayments } from '../api/update-payments.ts';
import { SettingsSection } from '../components/settings-section.tsx';
import { SettingsTabs } from '../components/settings-tabs.tsx';

/**
 * /settings/payments (docs/product-rules.md#settings), providers only: connecting Stripe, then the
 * require-payment setting and the Stripe dashboard, both only once connected. Where the
 * installation takes no card payments (D11) it says what whoever runs Slotted sets to turn them on,
 * instead of leaving silently for Account (issue 27 #14).
 */
export function PaymentsSettingsPage() {
  const me = useMe();
  const config = useConfig();
  if (me.isPending || config.isPending) return <Frame content={<PaymentsSkeleton />} />;
  if (!me.data?.is_provider) return <Navigate to="/settings/account" replace />;
  if (config.config.stripe_publishable_key === null) return <Frame content={<NotConfigured />} />;
  return <Frame content={me.data.stripe_connected ? <Connected me={me.data} /> : <NotConnected />} />;
}

/** The Stripe settings a self-hoster sets (README, 'Card payments (Stripe Connect)'). */
const STRIPE_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

function NotConfigured() {
  return (
    <SettingsSection title="Card payments" description="Not set up on this installation." aside={<Badge tone="neutral">Off</Badge>}>
      <p className="text-sm leading-relaxed text-zinc-600">
        Clients can book and pay in person, and memberships work, but nobody can pay by card here yet. Card payments go through Stripe
        Connect, which whoever runs this Slotted server turns on by setting three values and restarting it:
      </p>
      <ul className="flex flex-col gap-1.5 text-sm text-zinc-700">
        {STRIPE_SETTINGS.map((name) => (
          <li key={name}>
            <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[13px] text-zinc-900">{name}</code>
          </li>
        ))}
      </ul>
      <p className="text-sm leading-relaxed text-zinc-600">
        The section ‘Card payments (Stripe Connect)’ of Slotted’s README says where to find each one in Stripe’s dashboard, how to try it
        with Stripe’s test keys or without the internet, and which webhook events to send. Once they are set, this page offers ‘Connect with
        Stripe’.
      </p>
    </SettingsSection>
  );
}

function Frame({ content }: { content: ReactNode }) {
  return (
    <Page>
      <DocumentTitle title="Payment settings" />
      <PageHeader title="Settings" />
      <SettingsTabs />
      {content}
    </Page>
  );
}

function NotConnected() {
  return (
    <SettingsSection title="Card payments" description="Get paid by card when clients book or buy a plan.">
      <p className="text-sm leading-relaxed text-zinc-600">
        Slotted takes card payments through Stripe, which pays the money into your bank account. Connect a Stripe account to offer ‘Pay now’
        to your clients: you will set it up on Stripe’s site and come back here.
      </p>
      <div>
        {/* A full-page navigation: the server creates the account and sends the browser to Stripe. */}
        <ButtonLink href={routePath('stripeConnect')} className="w-full sm:w-auto">
          Connect with Stripe
        </ButtonLink>
      </div>
    </SettingsSection>
  );
}

function Connected({ me }: { me: Me }) {
  const ids = useId();
  const { toast } = useToast();
  const update = useUpdatePayments();
  // While saving, the switch shows the choice; afterwards the server's answer (or the old value on failure).
  const checked = update.isPending ? update.variables.require_payment : me.require_payment;

  const onChange = (requirePayment: boolean) =>
    update.mutate(
      { require_payment: requirePayment },
      {
        onSuccess: () => toast({ title: 'Saved', description: 'Your settings have been updated.' }),
        onError: (err) => toast({ title: isApiError(err) ? err.message : GENERIC_ERROR_MESSAGE, theme: 'error' }),
      },
    );

  return (
    <SettingsSection
      title="Card payments"
      description="Clients can pay by card when they book or buy a plan."
      aside={<Badge tone="success">Connected to Stripe</Badge>}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={`${ids}-require`} className="text-sm font-medium text-zinc-800">
            Require payment
          </label>
          <p id={`${ids}-require-hint`} className="mt-0.5 text-xs text-zinc-500">
            Clients pay by card when they book; ‘Pay in person’ is not offered.
          </p>
        </div>
        <Switch
          id={`${ids}-require`}
          checked={checked}
          disabled={update.isPending}
          onCheckedChange={onChange}
          aria-describedby={`${ids}-require-hint`}
        />
      </div>
      <div className="flex flex-col gap-3 border-t border-zinc-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-zinc-800">Stripe dashboard</p>
          <p className="mt-0.5 text-xs text-zinc-500">Your payments, payouts and bank details, on Stripe.</p>
        </div>
        <ButtonLink
          href={routePath('stripeDashboard')}
          target="_blank"
          rel="noopener noreferrer"
          theme="white"
          trailingIcon={<ExternalLinkIcon className="size-4" aria-hidden="true" />}
          className="w-full sm:w-auto"
        >
          Stripe dashboard<span className="sr-only"> (opens in a new tab)</span>
        </ButtonLink>
      </div>
    </SettingsSection>
  );
}

function PaymentsSkeleton() {
  return (
    <div className="rounded-2xl border border-zinc-200/80 bg-white p-6" aria-busy="true" aria-label="Loading your payment settings">
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-2 h-4 w-64 max-w-full" />
      <Skeleton className="mt-6 h-10 w-full" />
      <Skeleton className="mt-4 h-10 w-40" />
    </div>
  );
}
