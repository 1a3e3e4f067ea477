import { useState, type ReactNode } from 'react';
import type { ScheduleSlot } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RepeatIcon } from '../../../components/ui/booking-icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ClockIcon, ExternalLinkIcon, MapPinIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatLongDate, formatTime } from '../../../lib/format.ts';
import { repeatsLabel } from '../../classes/class-summary.ts';
import { formatDuration, serviceTypeLabel } from '../../profile/components/service-format.ts';
import { CancelClassDialog } from './cancel-class-dialog.tsx';

type Client = ScheduleSlot['appointments'][number]['client'];

/** Whether the provider may still cancel this class: their own, not started, not cancelled (spec §2). */
export function canCancelClass(slot: ScheduleSlot, now: number = Date.now()): boolean {
  return slot.kind === 'class' && slot.is_mine && !slot.cancelled_at && !slot.in_the_past && Date.parse(slot.starts_at) > now;
}

/** Spec §2 Booking details panel: Service, Date and Time; the clients of one's own class; Cancel class. */
export function BookingDetailsPanel({
  slot,
  open,
  onOpenChange,
}: {
  slot: ScheduleSlot | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [cancelOpen, setCancelOpen] = useState(false);
  if (!slot) return null;
  const cancelled = Boolean(slot.cancelled_at);
  const isClass = slot.kind === 'class' || slot.service.type === 'class';

  return (
    <>
      <SidePanel
        open={open}
        onOpenChange={onOpenChange}
        title="Booking details"
        footer={
          canCancelClass(slot) ? (
            <Button theme="danger" onClick={() => setCancelOpen(true)}>
              Cancel class
            </Button>
          ) : undefined
        }
      >
        <div className="flex flex-col gap-6">
          {cancelled && (
            <p className="rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
              {isClass ? 'This class was cancelled.' : 'This booking was cancelled.'}
            </p>
          )}

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
              <p className="text-sm font-medium tabular-nums text-zinc-900">
                {formatTime(slot.time)} – {formatTime(slot.until)}
              </p>
              {slot.timezone && <p className="mt-0.5 text-xs text-zinc-500">{slot.timezone}</p>}
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
              {isClass ? <ClassClients slot={slot} /> : <ClientList clients={slot.appointments.map((a) => a.client)} empty="No client" />}
            </Section>
          ) : (
            slot.provider && (
              <Section title="Provider">
                <div className="flex items-center gap-3">
                  <Avatar src={slot.provider.avatar} name={slot.provider.name} size="m" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-zinc-900">{slot.provider.name}</p>
                    {slot.provider.username && (
                      <a
                        href={`/${slot.provider.username}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
                      >
                        View profile
                        <ExternalLinkIcon className="size-3.5" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    )}
                  </div>
                </div>
              </Section>
            )
          )}
        </div>
      </SidePanel>
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function ClassClients({ slot }: { slot: ScheduleSlot }) {
  const attending = slot.appointments.filter((a) => a.status !== 'cancelled').map((a) => a.client);
  const cancelled = slot.appointments.filter((a) => a.status === 'cancelled').map((a) => a.client);
  return (
    <Tabs
      label="Clients"
      items={[
        {
          value: 'attending',
          label: `Attending ${attending.length}`,
          content: <ClientList clients={attending} empty="No one has booked this class yet." />,
        },
        {
          value: 'cancelled',
          label: `Cancelled ${cancelled.length}`,
          content: <ClientList clients={cancelled} empty="No cancellations." />,
        },
      ]}
    />
  );
}

function ClientList({ clients, empty }: { clients: Client[]; empty: string }) {
  if (clients.length === 0) return <p className="py-3 text-sm text-zinc-500">{empty}</p>;
  return (
    <ul className="divide-y divide-zinc-100">
      {clients.map((client, index) => (
        <li key={`${client.id}-${index}`} className="flex items-center gap-3 py-2.5">
          <Avatar src={client.avatar} name={client.name} size="s" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{client.name}</span>
          {client.is_me && <Badge>You</Badge>}
        </li>
      ))}
    </ul>
  );
}
