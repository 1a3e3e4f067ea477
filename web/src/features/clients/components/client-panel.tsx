import type { ReactNode } from 'react';
import type { Appointment, Client, Membership } from '@slotted/contract';
import { RefundDue } from '../../../components/refund-due.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { MailIcon, PhoneIcon, TicketIcon } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SHEET_QUERY, SidePanel } from '../../../components/ui/side-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { paymentBadge } from '../../../lib/appointments/payment-badge.ts';
import { formatLongDate, formatTimeRange, timesInZone } from '../../../lib/format.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useClientAppointments, type ClientAppointmentsSubset } from '../api/get-client-appointments.ts';
import { useClientMemberships } from '../api/get-client-memberships.ts';
import { useClients } from '../api/get-clients.ts';
import { useMarkAppointmentPaid, useMarkMembershipPaid } from '../api/mark-paid.ts';
import { MarkPaidButton, useMarkPaidFailed } from './mark-paid-button.tsx';

/**
 * What the opener already knows about the client: at least the name (the schedule knows name and
 * avatar; the clients page knows everything). E-mail and phone are looked up when missing.
 */
export type ClientSummary = Pick<Client, 'id' | 'name' | 'avatar'> &
  Partial<Pick<Client, 'email' | 'phone' | 'is_me' | 'attended' | 'no_shows'>>;

export interface ClientPanelProps {
  clientId: string;
  client?: ClientSummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The client panel (docs/product-rules.md#schedule): avatar, name, e-mail and phone links;
 * memberships; the client's bookings with the provider under 'Upcoming {n}' and 'Past {n}'. A
 * centred dialog on desktop, a bottom sheet on phones. Opened from the clients page and the
 * schedule's booking details.
 */
export function ClientPanel({ clientId, client, open, onOpenChange }: ClientPanelProps) {
  const sheet = useMediaQuery(SHEET_QUERY);
  const needsContact = !client || client.email === undefined;
  const clients = useClients({ enabled: open && needsContact });
  const known = needsContact ? (clients.data?.find((c) => c.id === clientId) ?? client) : client;
  const name = known?.name ?? (clients.isPending && needsContact ? 'Client' : 'Unknown client');

  const title = <span className="break-words">{name}</span>;
  // Beside the title, not in it: the panel is named 'Aiko Tanaka', not 'ATAiko Tanaka'.
  const leading = <Avatar src={known?.avatar} name={known?.name} size="l" />;
  const body = <ClientDetails clientId={clientId} client={known ?? null} open={open} contactLoading={needsContact && clients.isPending} />;

  if (sheet) {
    return (
      <SidePanel open={open} onOpenChange={onOpenChange} title={title} leading={leading}>
        {body}
      </SidePanel>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} leading={leading} className="max-w-lg">
      {body}
    </Dialog>
  );
}

function ClientDetails({
  clientId,
  client,
  open,
  contactLoading,
}: {
  clientId: string;
  client: ClientSummary | null;
  open: boolean;
  contactLoading: boolean;
}) {
  return (
    <div className="flex flex-col gap-6 text-sm text-zinc-700">
      <Section title="Contact">
        {contactLoading ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-5 w-48" />
          </div>
        ) : client?.email || client?.phone ? (
          <ul className="flex flex-col gap-1.5">
            {client.email && (
              <li>
                <ContactLink href={`mailto:${client.email}`} icon={<MailIcon className="size-4" />}>
                  {client.email}
                </ContactLink>
              </li>
            )}
            {client.phone && (
              <li>
                <ContactLink href={`tel:${client.phone.replace(/[^\d+]/g, '')}`} icon={<PhoneIcon className="size-4" />}>
                  {client.phone}
                </ContactLink>
              </li>
            )}
          </ul>
        ) : (
          <p className="text-zinc-500">No contact details.</p>
        )}
      </Section>

      <Section title="Attendance">
        <ClientAttendance client={client} loading={contactLoading} />
      </Section>

      <Section title="Memberships">
        <ClientMemberships clientId={clientId} enabled={open} />
      </Section>

      <Section title="Appointments">
        <ClientAppointments clientId={clientId} enabled={open} />
      </Section>
    </div>
  );
}

/** Sessions the provider checked the client in as attended, and as a no-show (docs/product-rules.md#roster-and-check-in). */
function ClientAttendance({ client, loading }: { client: ClientSummary | null; loading: boolean }) {
  if (loading) return <Skeleton className="h-12 w-48" aria-hidden="true" />;
  if (client?.attended === undefined || client.no_shows === undefined) return <p className="text-zinc-500">Not known.</p>;
  return (
    <dl className="flex gap-3">
      <div className="min-w-24 rounded-xl border border-zinc-200 px-3 py-2">
        <dt className="text-xs text-zinc-500">Attended</dt>
        <dd className="text-lg font-semibold text-zinc-900 tabular-nums">{client.attended}</dd>
      </div>
      <div className="min-w-24 rounded-xl border border-zinc-200 px-3 py-2">
        <dt className="text-xs text-zinc-500">No-shows</dt>
        <dd className="text-lg font-semibold text-zinc-900 tabular-nums">{client.no_shows}</dd>
      </div>
    </dl>
  );
}

function ContactLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <a
      href={href}
      className="-mx-1 inline-flex max-w-full items-center gap-2 rounded-md px-1 py-0.5 font-medium text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="shrink-0 text-zinc-400">{icon}</span>
      <span className="min-w-0 break-all">{children}</span>
    </a>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function ClientAppointments({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const upcoming = useClientAppointments(clientId, 'future', { enabled });
  const past = useClientAppointments(clientId, 'past', { enabled });
  const label = (title: string, list: Appointment[] | undefined) => (list ? `${title} ${list.length}` : title);
  return (
    <Tabs
      label="Appointments"
      items={[
        { value: 'future', label: label('Upcoming', upcoming.data), content: <AppointmentList query={upcoming} subset="future" /> },
        { value: 'past', label: label('Past', past.data), content: <AppointmentList query={past} subset="past" /> },
      ]}
    />
  );
}

function AppointmentList({ query, subset }: { query: ReturnType<typeof useClientAppointments>; subset: ClientAppointmentsSubset }) {
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
      empty={<p className="py-3 text-zinc-500">No appointments yet</p>}
    >
      {(appointments) => (
        <>
          {/* Every time below is in the viewer's account zone (docs/decisions/0004-whose-time-zone-a-page-shows.md). */}
          {appointments[0] && <p className="pt-3 text-xs text-zinc-500">{timesInZone(appointments[0].timezone)}</p>}
          <ul className="divide-y divide-zinc-100">
            {appointments.map((appointment) => (
              <AppointmentRow key={appointment.id} appointment={appointment} />
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}

function AppointmentRow({ appointment }: { appointment: Appointment }) {
  const markPaid = useMarkAppointmentPaid();
  const failed = useMarkPaidFailed();
  const confirmed = appointment.status === 'confirmed';
  const badge = paymentBadge(appointment);
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-zinc-900">{appointment.pretty_date}</span>
          {appointment.status === 'cancelled' && <Badge tone="danger">Cancelled</Badge>}
          {confirmed && <Badge tone={badge.tone}>{badge.label}</Badge>}
        </div>
        <p className="mt-0.5 text-zinc-600">
          <span className="tabular-nums">{formatTimeRange(appointment.time, appointment.until)}</span>
          <span className="text-zinc-400"> · </span>
          {appointment.name}
        </p>
        <RefundDue appointment={appointment} what={`${appointment.name} on ${appointment.pretty_date}`} />
      </div>
      {/* Beyond the spec: the provider records the money received in person (docs/product-rules.md#payments). */}
      {confirmed && (appointment.payment_method === 'in_person' || appointment.payment_method === null) && appointment.missing_payment && (
        <MarkPaidButton
          what={`${appointment.name} on ${appointment.pretty_date}`}
          loading={markPaid.isPending}
          onClick={() => markPaid.mutate(appointment.id, { onError: failed })}
        />
      )}
    </li>
  );
}

function ClientMemberships({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const memberships = useClientMemberships(clientId, { enabled });
  return (
    <QueryState
      query={memberships}
      what="the memberships"
      variant="inline"
      loading={
        <div className="flex flex-col gap-3 py-1" aria-busy="true" aria-label="Loading memberships">
          <Skeleton className="h-12" />
        </div>
      }
      empty={
        <p className="flex items-center gap-2 text-zinc-500">
          <TicketIcon className="size-4 shrink-0 text-zinc-400" />
          No memberships yet
        </p>
      }
    >
      {(list) => (
        <ul className="divide-y divide-zinc-100" aria-label="Memberships">
          {list.map((membership) => (
            <MembershipRow key={membership.id} membership={membership} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** 'Renews on …' while renewing, else the day access ends (docs/product-rules.md#memberships-and-credits). */
function membershipDay(membership: Membership): string | null {
  if (membership.renewal_day) return `Renews on ${formatLongDate(membership.renewal_day)}`;
  if (!membership.expiration_day) return null;
  return `${membership.status === 'expired' ? 'Expired on' : 'Expires on'} ${formatLongDate(membership.expiration_day)}`;
}

const MEMBERSHIP_STATUS_BADGES: Partial<Record<Membership['status'], string>> = { cancelled: 'Cancelled', expired: 'Expired' };

function MembershipRow({ membership }: { membership: Membership }) {
  const markPaid = useMarkMembershipPaid();
  const failed = useMarkPaidFailed();
  const day = membershipDay(membership);
  const status = MEMBERSHIP_STATUS_BADGES[membership.status];
  const services = membership.services.flatMap((group) => group.services.map((service) => service.name));
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-zinc-900">{membership.name}</span>
          {status && <Badge tone="neutral">{status}</Badge>}
          {!membership.missing_payment && membership.paid_at && <Badge tone="success">Paid</Badge>}
        </div>
        <p className="mt-0.5 text-zinc-600 tabular-nums">
          {membership.used_count} / {membership.quantity_count} used
        </p>
        {day && <p className="text-zinc-600">{day}</p>}
        {services.length > 0 && <p className="mt-0.5 truncate text-xs text-zinc-500">{[...new Set(services)].join(', ')}</p>}
      </div>
      {membership.status === 'active' && membership.missing_payment && (
        <MarkPaidButton
          what={membership.name}
          loading={markPaid.isPending}
          onClick={() => markPaid.mutate(membership.id, { onError: failed })}
        />
      )}
    </li>
  );
}
