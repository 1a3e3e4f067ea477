import { RefundDue } from '../../../components/refund-due.tsx';
import { RefundNote } from '../../../components/refund-note.tsx';
import { useRef, useState, type ReactNode } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Appointment, ScheduleSlot } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChevronRightIcon, ClockIcon, ExternalLinkIcon, MapPinIcon, RepeatIcon, UsersIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDuration, formatLongDate, formatMoney, formatTime, formatTimeRange } from '../../../lib/format.ts';
import { ZoneLines } from '../../../components/zone-lines.tsx';
import { repeatsLabel } from '../../../lib/class-summary.ts';
import { serviceTypeLabel } from '../../../lib/service-format.ts';
import { appointmentQueryOptions } from '../../../lib/appointments/get-appointment.ts';
import { paymentBadge } from '../../../lib/appointments/payment-badge.ts';
import { useSlotWaitlist } from '../../../lib/waitlist/waitlist-api.ts';
import { bookingToCancel, cancelBookingText, ownBooking } from './booking-rules.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { CancelClassDialog } from './cancel-class-dialog.tsx';
import { Roster, type OpenClient } from './roster.tsx';
import type { SchedulePanels, ScheduleClient as Client } from '../schedule-panels.ts';

/**
 * Whether the provider may still cancel this class: their own, not started, not cancelled
 * (docs/product-rules.md#schedule).
 */
export function canCancelClass(slot: ScheduleSlot, now: number = Date.now()): boolean {
  return slot.kind === 'class' && slot.is_mine && !slot.cancelled_at && !slot.in_the_past && Date.parse(slot.starts_at) > now;
}

/**
 * Booking details (docs/product-rules.md#schedule): Service, Date and Time; the clients of one's
 * own class or appointment; for one's own booking with someone else, Payment and Provider; Cancel
 * class (own classes) or Cancel booking.
 */
export function BookingDetailsPanel({
  slot,
  open,
  onOpenChange,
  ClientPanel,
  MarkPaidButton,
}: {
  slot: ScheduleSlot | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ClientPanel: SchedulePanels['ClientPanel'];
  MarkPaidButton: SchedulePanels['MarkPaidButton'];
}) {
  const [cancelOpen, setCancelOpen] = useState(false);
  // What the 'Cancel booking' dialog confirms, fixed when it opens: the schedule reloading under it
  // (the booking now cancelled) must not unmount it before it has said so.
  const [cancelBooking, setCancelBooking] = useState<{ open: boolean; id: string; text: string; notified?: string } | null>(null);
  const own = slot ? ownBooking(slot) : undefined;
  // The client's own booking, for Payment and the refund rule of Cancel booking (asked while open).
  const appointment = useQuery({ ...appointmentQueryOptions(own?.id ?? ''), enabled: open && Boolean(own) });
  // Clicking a client of one's own class or appointment opens the client panel over this one
  // (docs/product-rules.md#schedule).
  const [clientPanel, setClientPanel] = useState<{ open: boolean; client: Client } | null>(null);
  const clientRow = useRef<HTMLElement | null>(null);
  const openClient = (client: Client, row: HTMLElement) => {
    clientRow.current = row;
    setClientPanel({ open: true, client });
  };
  if (!slot) return null;
  const cancelled = Boolean(slot.cancelled_at);
  const isClass = slot.kind === 'class' || slot.service.type === 'class';

  const toCancel = bookingToCancel(slot);
  // A client's dialog text depends on the refund rule the server applies
  // (docs/product-rules.md#cancellation-and-refunds): it needs the booking.
  const byProvider = slot.is_mine;
  // The server has the last word on a client's booking (e.g. it has just started); without it, no button.
  const cancellable = Boolean(toCancel) && (byProvider || (!appointment.isError && appointment.data?.can_be_cancelled !== false));
  const cancelText = !toCancel
    ? null
    : byProvider
      ? cancelBookingText({ by: 'provider', clientName: toCancel.client.name })
      : appointment.data
        ? cancelBookingText({ by: 'client', appointment: appointment.data })
        : null;
  const closeAfterCancel = () => {
    setCancelBooking((current) => current && { ...current, open: false });
    onOpenChange(false);
  };

  let footer: ReactNode;
  if (canCancelClass(slot)) {
    footer = (
      <Button theme="danger" onClick={() => setCancelOpen(true)}>
        Cancel class
      </Button>
    );
  } else if (cancellable) {
    footer = (
      <Button
        theme="danger"
        loading={!cancelText}
        onClick={() =>
          toCancel &&
          cancelText &&
          setCancelBooking({
            open: true,
            id: toCancel.id,
            text: cancelText,
            notified: byProvider ? toCancel.client.name : slot.provider?.name,
          })
        }
      >
        Cancel booking
      </Button>
    );
  }

  return (
    <>
      <SidePanel open={open} onOpenChange={onOpenChange} title="Booking details" footer={footer}>
        <div className="flex flex-col gap-6">
          {cancelled && (
            <p className="rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
              {/* A client's card is cancelled when their booking is, or the whole class: "booking" is true of both. */}
              {isClass && slot.is_mine ? 'This class was cancelled.' : 'This booking was cancelled.'}
            </p>
          )}
          {cancelled && appointment.data && <RefundNote appointment={appointment.data} />}
          {slot.is_mine && <RefundsOwed slot={slot} open={open} />}

          <Section title="Service">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-base font-semibold text-zinc-900">{slot.service.name}</p>
              <Badge tone={isClass ? 'brand' : 'neutral'}>{serviceTypeLabel(slot.service.type)}</Badge>
              {cancelled && <Badge tone="danger">Cancelled</Badge>}
            </div>
            <ul className="mt-2 flex flex-col gap-1.5 text-sm text-zinc-600">
              {slot.service.location && (
                <li className="flex items-center gap-2">
                  <MapPinIcon className="size-4 shrink-0 text-zinc-400" />
                  {slot.service.location}
                </li>
              )}
              {slot.service.duration > 0 && (
                <li className="flex items-center gap-2">
                  <ClockIcon className="size-4 shrink-0 text-zinc-400" />
                  {formatDuration(slot.service.duration)}
                </li>
              )}
              {isClass && slot.is_mine && slot.service.capacity > 0 && (
                <li className="flex items-center gap-2">
                  <UsersIcon className="size-4 shrink-0 text-zinc-400" />
                  {slot.participants}/{slot.service.capacity} places taken
                </li>
              )}
            </ul>
          </Section>

          <div className="grid grid-cols-2 gap-4">
            <Section title="Date">
              <p className="text-sm font-medium text-zinc-900">{formatLongDate(slot.date)}</p>
            </Section>
            <Section title="Time">
              <p className="text-sm font-medium tabular-nums text-zinc-900">{formatTimeRange(slot.time, slot.until)}</p>
              <ZoneLines booking={slot} providerZone={slot.provider.timezone} as="p" />
            </Section>
          </div>

          {slot.repeater && (
            <p className="-mt-2 flex items-center gap-2 text-sm text-zinc-600">
              <RepeatIcon className="size-4 shrink-0 text-zinc-400" />
              {repeatsLabel(slot.repeater)}
            </p>
          )}

          {slot.is_mine ? (
            <Section title="Clients">
              {isClass ? (
                <ClassClients slot={slot} onOpenClient={openClient} MarkPaidButton={MarkPaidButton} />
              ) : (
                <Roster
                  slot={slot}
                  bookings={slot.appointments}
                  empty="No client"
                  onOpenClient={openClient}
                  MarkPaidButton={MarkPaidButton}
                />
              )}
            </Section>
          ) : (
            <>
              {own && <PaymentSection query={appointment} />}
              {slot.provider && <ProviderSection provider={slot.provider} />}
            </>
          )}
        </div>
      </SidePanel>
      {cancelBooking && (
        <CancelBookingDialog
          appointmentId={cancelBooking.id}
          serviceType={isClass ? 'class' : 'appointment'}
          description={cancelBooking.text}
          notified={cancelBooking.notified}
          open={cancelBooking.open}
          onOpenChange={(next) => setCancelBooking((current) => current && { ...current, open: next })}
          onCancelled={closeAfterCancel}
        />
      )}
      {clientPanel && (
        <ClientPanel
          clientId={clientPanel.client.id}
          client={clientPanel.client}
          open={clientPanel.open}
          onOpenChange={(next) => {
            setClientPanel((current) => current && { ...current, open: next });
            // Opened from a row, not a Radix trigger: hand the focus back to that row.
            if (!next) window.setTimeout(() => clientRow.current?.isConnected && clientRow.current.focus());
          }}
        />
      )}
      {canCancelClass(slot) && (
        <CancelClassDialog
          slot={slot}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          onCancelled={() => {
            setCancelOpen(false);
            onOpenChange(false);
          }}
        />
      )}
    </>
  );
}

/**
 * On one's own card: the refunds its cancelled bookings owe by hand, each with 'Mark as refunded'
 * (docs/product-rules.md#cancellation-and-refunds). Each cancelled booking is asked for while open.
 */
function RefundsOwed({ slot, open }: { slot: ScheduleSlot; open: boolean }) {
  const cancelled = slot.appointments.filter((a) => a.status === 'cancelled');
  const bookings = useQueries({ queries: cancelled.map((a) => ({ ...appointmentQueryOptions(a.id), enabled: open })) });
  const shown = bookings.flatMap((q) =>
    q.data && q.data.status === 'cancelled' && (q.data.refund_due_by_hand > 0 || q.data.refunded_by_hand > 0) ? [q.data] : [],
  );
  if (shown.length === 0) return null;
  const several = slot.kind === 'class' || shown.length > 1;
  return (
    <ul className="-mt-2 flex flex-col gap-2" aria-label="Refunds">
      {shown.map((a) => (
        <li key={a.id}>
          {several && <p className="text-sm font-medium text-zinc-900">{a.client.name}</p>}
          <RefundDue appointment={a} what={`${a.client.name}, ${a.name} on ${a.pretty_date}`} />
        </li>
      ))}
    </ul>
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

/**
 * The price, and Paid / Included in membership / Pay in person (docs/product-rules.md#schedule).
 */
function PaymentSection({ query }: { query: UseQueryResult<Appointment> }) {
  return (
    <Section title="Payment">
      <QueryState
        query={query}
        what="the payment details"
        variant="inline"
        loading={
          <div aria-busy="true" aria-label="Loading payment details" className="flex items-center gap-2">
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-5 w-24 rounded-full" />
          </div>
        }
      >
        {(appointment) => <PaymentLine appointment={appointment} />}
      </QueryState>
    </Section>
  );
}

function PaymentLine({ appointment }: { appointment: Appointment }) {
  const badge = paymentBadge(appointment);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-base font-semibold tabular-nums text-zinc-900">{formatMoney(appointment.price)}</p>
      <Badge tone={badge.tone}>{badge.label}</Badge>
    </div>
  );
}

function ProviderSection({ provider }: { provider: ScheduleSlot['provider'] }) {
  return (
    <Section title="Provider">
      <div className="flex items-center gap-3">
        <Avatar src={provider.avatar} name={provider.name} size="m" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-zinc-900">{provider.name}</p>
          {provider.username && (
            <a
              href={`/${provider.username}`}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline"
            >
              View profile
              <ExternalLinkIcon className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </Section>
  );
}

function ClassClients({
  slot,
  onOpenClient,
  MarkPaidButton,
}: {
  slot: ScheduleSlot;
  onOpenClient: OpenClient;
  MarkPaidButton: SchedulePanels['MarkPaidButton'];
}) {
  const attending = slot.appointments.filter((a) => a.status !== 'cancelled');
  const cancelled = slot.appointments.filter((a) => a.status === 'cancelled').map((a) => a.client);
  return (
    <Tabs
      label="Clients"
      items={[
        {
          value: 'attending',
          label: `Attending ${attending.length}`,
          content: (
            <Roster
              slot={slot}
              bookings={attending}
              empty="No one has booked this class yet."
              onOpenClient={onOpenClient}
              MarkPaidButton={MarkPaidButton}
            />
          ),
        },
        {
          value: 'cancelled',
          label: `Cancelled ${cancelled.length}`,
          content: <ClientList clients={cancelled} empty="No cancellations." onOpenClient={onOpenClient} />,
        },
        {
          value: 'waitlist',
          label: `Waitlist ${slot.waitlist_count ?? 0}`,
          content: <ClassWaitlist slotId={slot.id} />,
        },
      ]}
    />
  );
}

/** The occurrence's waitlist in order, with the offers pending (docs/product-rules.md#waitlist). */
function ClassWaitlist({ slotId }: { slotId: string }) {
  const line = useSlotWaitlist(slotId);
  if (line.isPending) return <p className="py-3 text-sm text-zinc-500">Loading the waitlist…</p>;
  if (line.isError) return <p className="py-3 text-sm text-zinc-500">The waitlist could not be loaded.</p>;
  if (line.data.length === 0) return <p className="py-3 text-sm text-zinc-500">No one is waiting for a place.</p>;
  return (
    <ol className="-mx-2 flex flex-col" aria-label="Waitlist">
      {line.data.map((entry) => (
        <li key={entry.client.id} className="flex items-center gap-3 px-2 py-2.5">
          <span className="w-5 shrink-0 text-right text-sm text-zinc-500 tabular-nums">{entry.position}</span>
          <Avatar src={entry.client.avatar} name={entry.client.name} size="s" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{entry.client.name}</span>
          {entry.offer_expires_at ? (
            <Badge tone="brand">Offered until {formatTime(localTime(entry.offer_expires_at))}</Badge>
          ) : entry.auto_book ? (
            <Badge>Auto-book</Badge>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** HH:MM of an instant in the browser's zone. */
function localTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function ClientList({ clients, empty, onOpenClient }: { clients: Client[]; empty: string; onOpenClient: OpenClient }) {
  if (clients.length === 0) return <p className="py-3 text-sm text-zinc-500">{empty}</p>;
  return (
    <ul className="-mx-2 flex flex-col">
      {clients.map((client, index) => (
        <li key={`${client.id}-${index}`}>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={(event) => onOpenClient(client, event.currentTarget)}
            className="group flex w-full items-center gap-3 rounded-lg px-2 py-2.5 text-left transition-colors outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <Avatar src={client.avatar} name={client.name} size="s" />
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{client.name}</span>
            {client.is_me && <Badge>You</Badge>}
            <ChevronRightIcon className="size-4 shrink-0 text-zinc-300 transition-colors group-hover:text-zinc-500" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
