import { Link } from 'react-router';
import type { PurchasedService } from '@slotted/contract';
import { PanelSection } from '../../../components/passes/pass-card.tsx';
import { PaymentsHistory } from '../../../components/passes/payments-history.tsx';
import { ProviderLink } from '../../../components/passes/provider-link.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatTimeRange, timesInZone } from '../../../lib/format.ts';
import { chooseTimePath } from '../../../lib/service-format.ts';
import { useServiceAppointments, type ServiceAppointmentsSubset } from '../api/get-service-appointments.ts';
import { creditsLabel, passSummary, sessionsLabel } from '../lib/availability.ts';

function expiryLabel(days: number): string {
  if (days <= 0) return 'expire today';
  return days === 1 ? 'expire in 1 day' : `expire in ${days} days`;
}

/**
 * A purchased service's details (docs/product-rules.md#memberships-and-credits): provider,
 * sessions available grouped by days until they expire, the client's bookings of it (Upcoming /
 * Past), payments, and the ways to book it again.
 */
export function PurchasedServicePanel({
  purchase,
  open,
  onOpenChange,
}: {
  purchase: PurchasedService;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { service, provider } = purchase;
  const bookPath = provider.username ? chooseTimePath(provider.username, service.id) : null;
  const summary = passSummary(purchase);
  const countLabel = purchase.shares_credits ? creditsLabel : sessionsLabel;
  return (
    <SidePanel
      open={open}
      onOpenChange={onOpenChange}
      title={service.name}
      description={summary.headline}
      footer={
        bookPath ? (
          <Link to={bookPath} className={buttonClasses()}>
            Book the service
          </Link>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-6 text-sm text-zinc-700">
        <PanelSection title="Provider">
          <ProviderLink provider={provider} />
        </PanelSection>

        <PanelSection title="Availability">
          {purchase.memberships.length === 0 ? (
            <p className="text-zinc-500">No sessions prepaid: each booking is paid on its own.</p>
          ) : purchase.availability.length === 0 ? (
            <p className="text-zinc-500">No sessions available</p>
          ) : (
            <ul className="flex flex-col gap-1.5">
              {purchase.availability.map((group) => (
                <li key={group.expires_in_days} className="tabular-nums">
                  <span className="font-medium text-zinc-900">{countLabel(group.count)}</span>
                  <span className="text-zinc-500"> · {expiryLabel(group.expires_in_days)}</span>
                </li>
              ))}
            </ul>
          )}
          {purchase.memberships.length > 0 && (
            <p className="mt-2 text-xs text-zinc-500">
              {purchase.shares_credits ? 'Shared with other services of ' : 'With '}
              <Link to="/memberships" className="font-medium text-brand-700 hover:underline">
                {purchase.memberships.map((m) => m.name).join(', ')}
              </Link>
            </p>
          )}
        </PanelSection>

        <PanelSection title="Appointments">
          <ServiceAppointments serviceId={service.id} enabled={open} bookPath={bookPath} />
        </PanelSection>

        <PanelSection title="Payments history">
          <PaymentsHistory payments={purchase.payments} />
        </PanelSection>
      </div>
    </SidePanel>
  );
}

function ServiceAppointments({ serviceId, enabled, bookPath }: { serviceId: number; enabled: boolean; bookPath: string | null }) {
  const upcoming = useServiceAppointments(serviceId, 'future', { enabled });
  const past = useServiceAppointments(serviceId, 'past', { enabled });
  return (
    <Tabs
      label="Appointments"
      items={[
        { value: 'future', label: 'Upcoming', content: <AppointmentList query={upcoming} subset="future" /> },
        {
          value: 'past',
          label: 'Past',
          content: (
            <>
              <AppointmentList query={past} subset="past" />
              {bookPath && past.data && past.data.length > 0 && (
                <Link to={bookPath} className={buttonClasses({ theme: 'white', size: 's', className: 'mt-3' })}>
                  Book again
                </Link>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

function AppointmentList({ query, subset }: { query: ReturnType<typeof useServiceAppointments>; subset: ServiceAppointmentsSubset }) {
  return (
    <QueryState
      query={query}
      what="the appointments"
      variant="inline"
      loading={
        <div
          className="flex flex-col gap-3 py-1"
          aria-busy="true"
          aria-label={`Loading ${subset === 'future' ? 'upcoming' : 'past'} appointments`}
        >
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      }
      empty={<p className="py-3 text-zinc-500">{subset === 'future' ? 'No upcoming appointments' : 'No past appointments'}</p>}
    >
      {(appointments) => (
        <>
          {appointments[0] && <p className="pt-2 text-xs text-zinc-500">{timesInZone(appointments[0].timezone)}</p>}
          <ul className="divide-y divide-zinc-100">
            {appointments.map((appointment) => (
              <li key={appointment.id}>
                <Link
                  to={`/appointments/${encodeURIComponent(appointment.id)}`}
                  className="-mx-2 block rounded-lg px-2 py-2.5 outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-zinc-900">{appointment.pretty_date}</span>
                    {appointment.status === 'cancelled' && <Badge tone="danger">Cancelled</Badge>}
                    {appointment.membership && <Badge tone="brand">Included in membership</Badge>}
                  </span>
                  <span className="mt-0.5 block text-zinc-600 tabular-nums">{formatTimeRange(appointment.time, appointment.until)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}
