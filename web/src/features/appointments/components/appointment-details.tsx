import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@slotted/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ClockIcon, MapPinIcon } from 'lucide-react';
import { formatDuration, formatTimeRange } from '../../../lib/format.ts';
import { ZoneLines } from '../../../components/zone-lines.tsx';

/**
 * The service title, its duration and location (docs/product-rules.md#appointment-confirmation).
 */
export function ServiceSummary({ appointment }: { appointment: Appointment }) {
  const duration = formatDuration(appointment.duration);
  return (
    <div>
      <h2 className="text-lg font-semibold text-zinc-900 sm:text-xl">{appointment.name}</h2>
      {(duration || appointment.location) && (
        <ul className="mt-2 flex flex-col gap-1.5 text-sm text-zinc-600 sm:flex-row sm:flex-wrap sm:gap-x-5">
          {duration && (
            <li className="flex items-center gap-2">
              <ClockIcon className="size-4 shrink-0 text-zinc-400" />
              <span>
                <span className="sr-only">Duration: </span>
                {duration}
              </span>
            </li>
          )}
          {appointment.location && (
            <li className="flex min-w-0 items-start gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <span className="min-w-0 break-words">
                <span className="sr-only">Location: </span>
                {appointment.location}
              </span>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * A card with Date (pretty date), Time (start – until, in the viewer's zone, with the device's and
 * the studio's time when they differ: docs/decisions/0004) and With (the
 * provider, linking to the public profile), as docs/product-rules.md#appointment-confirmation
 * lists them. A provider looking at a client's booking also sees who booked it.
 */
export function AppointmentDetailsCard({ appointment }: { appointment: Appointment }) {
  const { provider, client } = appointment;
  return (
    <dl className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white shadow-xs">
      <Row term="Date">
        <span className="font-medium text-zinc-900">{appointment.pretty_date}</span>
      </Row>
      <Row term="Time">
        <span className="font-medium tabular-nums text-zinc-900">{formatTimeRange(appointment.time, appointment.until)}</span>
        <ZoneLines booking={appointment} providerZone={provider.timezone} />
      </Row>
      <Row term="With">
        <PersonLink
          name={provider.name}
          avatar={provider.avatar}
          to={provider.username ? `/${encodeURIComponent(provider.username)}` : null}
        />
      </Row>
      {!appointment.is_mine && (
        <Row term="Client">
          <PersonLink name={client.name} avatar={client.avatar} to={null} detail={client.email} />
        </Row>
      )}
    </dl>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-4 px-4 py-3.5 text-sm sm:px-5">
      <dt className="w-14 shrink-0 pt-px text-zinc-500">{term}</dt>
      <dd className="min-w-0 flex-1">{children}</dd>
    </div>
  );
}

function PersonLink({ name, avatar, to, detail }: { name: string; avatar: string | null; to: string | null; detail?: string }) {
  const body = (
    <>
      <Avatar src={avatar} name={name} size="s" />
      <span className="min-w-0">
        <span className="block font-medium break-words text-zinc-900 group-hover:underline">{name}</span>
        {detail && <span className="block text-xs break-all text-zinc-500">{detail}</span>}
      </span>
    </>
  );
  if (!to) return <span className="-my-1 flex items-center gap-2.5">{body}</span>;
  return (
    <Link
      to={to}
      className="group -mx-1.5 -my-1 inline-flex max-w-full items-center gap-2.5 rounded-lg px-1.5 py-1 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {body}
    </Link>
  );
}
