import { useQueryClient } from '@tanstack/react-query';
import { CHECK_IN_CLOSES_DAYS, CHECK_IN_OPENS_MINUTES, type Attendance, type ScheduleSlot } from '@slotted/contract';
import { CalendarClockIcon, CheckIcon, ChevronRightIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/page.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { canMarkPaid, paidBadge, paymentMethodLabel } from '../../../lib/appointments/payment-badge.ts';
import { changeTimePath } from '../../../lib/appointments/change-time.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatMoney } from '../../../lib/format.ts';
import { scheduleKeys } from '../../../lib/query-keys.ts';
import { useMarkAttendance } from '../api/mark-attendance.ts';
import type { SchedulePanels, ScheduleClient as Client } from '../schedule-panels.ts';

export type RosterBooking = ScheduleSlot['appointments'][number];
export type OpenClient = (client: Client, row: HTMLElement) => void;

/** Where check-in stands for a session starting at `startsAt` (docs/product-rules.md#roster-and-check-in). */
export function checkInWindow(startsAt: string, now: number = Date.now()): 'not_yet' | 'open' | 'closed' {
  const start = Date.parse(startsAt);
  if (now < start - CHECK_IN_OPENS_MINUTES * 60_000) return 'not_yet';
  if (now > start + CHECK_IN_CLOSES_DAYS * 86_400_000) return 'closed';
  return 'open';
}

const CHECK_IN_HINTS = {
  not_yet: 'Check-in opens an hour before the start.',
  closed: 'Check-in closed seven days after the session.',
} as const;

/**
 * The roster of one's own class or 1:1 booking: per booking the client (opens the client panel),
 * 'Change time', the price, how it is paid, Paid / Unpaid and 'Mark as paid', and the Attended /
 * No-show check-in.
 */
export function Roster({
  slot,
  bookings,
  empty,
  onOpenClient,
  MarkPaidButton,
}: {
  slot: ScheduleSlot;
  bookings: RosterBooking[];
  empty: string;
  onOpenClient: OpenClient;
  MarkPaidButton: SchedulePanels['MarkPaidButton'];
}) {
  const hintId = useId();
  if (bookings.length === 0) return <p className="py-3 text-sm text-zinc-500">{empty}</p>;
  const checkIn = checkInWindow(slot.starts_at);
  return (
    <>
      {checkIn !== 'open' && (
        <p id={hintId} className="pt-2 text-xs text-zinc-500">
          {CHECK_IN_HINTS[checkIn]}
        </p>
      )}
      <ul className="flex flex-col divide-y divide-zinc-100" aria-label="Roster">
        {bookings.map((booking) => (
          <RosterRow
            key={booking.id}
            slot={slot}
            booking={booking}
            checkInOpen={checkIn === 'open'}
            hintId={checkIn === 'open' ? undefined : hintId}
            onOpenClient={onOpenClient}
            MarkPaidButton={MarkPaidButton}
          />
        ))}
      </ul>
    </>
  );
}

function RosterRow({
  slot,
  booking,
  checkInOpen,
  hintId,
  onOpenClient,
  MarkPaidButton,
}: {
  slot: ScheduleSlot;
  booking: RosterBooking;
  checkInOpen: boolean;
  /** The hint saying why check-in is closed, read with each disabled pair. */
  hintId: string | undefined;
  onOpenClient: OpenClient;
  MarkPaidButton: SchedulePanels['MarkPaidButton'];
}) {
  const queryClient = useQueryClient();
  const badge = paidBadge(booking.paid);
  const { client } = booking;
  // The provider moves any confirmed booking of theirs (docs/product-rules.md#moving-a-booking).
  // On a past session the roster is for check-in: Change time is offered until the session starts.
  const changeTime =
    booking.status === 'confirmed' && !slot.in_the_past ? changeTimePath(slot.provider.username, slot.service.id, booking.id) : null;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex items-center gap-2">
        <ClientButton client={client} onOpenClient={onOpenClient} />
        {changeTime && (
          <Link to={changeTime} className={buttonClasses({ theme: 'white', size: 's', className: 'h-11 shrink-0 sm:h-8' })}>
            <CalendarClockIcon className="size-4" aria-hidden="true" />
            Change time<span className="sr-only">: {client.name}</span>
          </Link>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm">
        {/* No separator: on a phone the way to pay may wrap to its own line. */}
        <span className="mr-1 font-semibold text-zinc-900 tabular-nums">{formatMoney(booking.price)}</span>
        <span className="min-w-0 text-zinc-600">{paymentMethodLabel(booking)}</span>
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {canMarkPaid(booking) && (
          <span className="ml-auto">
            <MarkPaidButton
              appointmentId={booking.id}
              what={`${client.name}, ${slot.service.name}`}
              onSettled={() => void queryClient.invalidateQueries({ queryKey: scheduleKeys.all })}
            />
          </span>
        )}
      </div>
      {booking.status === 'confirmed' && <CheckIn booking={booking} open={checkInOpen} hintId={hintId} />}
    </li>
  );
}

function ClientButton({ client, onOpenClient }: { client: Client; onOpenClient: OpenClient }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={(event) => onOpenClient(client, event.currentTarget)}
      className="group -mx-2 flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-1.5 text-left transition-colors outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <Avatar src={client.avatar} name={client.name} size="s" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{client.name}</span>
      {client.is_me && <Badge>You</Badge>}
      <ChevronRightIcon className="size-4 shrink-0 text-zinc-300 transition-colors group-hover:text-zinc-500" aria-hidden="true" />
    </button>
  );
}

/**
 * Attended / No-show: one press marks, pressing the marked one again takes it back. Shown at once;
 * a refusal puts the previous mark back and says why.
 */
function CheckIn({ booking, open, hintId }: { booking: RosterBooking; open: boolean; hintId: string | undefined }) {
  const markAttendance = useMarkAttendance();
  const { toast } = useToast();
  const press = (status: Attendance) =>
    markAttendance.mutate(
      { id: booking.id, status: booking.attendance === status ? null : status },
      {
        onError: (error) => {
          if (isApiError(error, 'unauthenticated')) return;
          toast({
            title: `Check-in of ${booking.client.name} not saved`,
            description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE,
            theme: 'error',
          });
        },
      },
    );
  return (
    <div role="group" aria-label={`Check-in: ${booking.client.name}`} aria-describedby={hintId} className="grid grid-cols-2 gap-2">
      <CheckInButton
        pressed={booking.attendance === 'attended'}
        disabled={!open}
        onClick={() => press('attended')}
        icon={<CheckIcon className="size-4" aria-hidden="true" />}
        tone="success"
      >
        Attended
      </CheckInButton>
      <CheckInButton
        pressed={booking.attendance === 'no_show'}
        disabled={!open}
        onClick={() => press('no_show')}
        icon={<XIcon className="size-4" aria-hidden="true" />}
        tone="danger"
      >
        No-show
      </CheckInButton>
    </div>
  );
}

function CheckInButton({
  pressed,
  disabled,
  onClick,
  icon,
  tone,
  children,
}: {
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  icon: ReactNode;
  tone: 'success' | 'danger';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex h-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 transition-colors outline-none ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50',
        !pressed && 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50',
        pressed && tone === 'success' && 'bg-emerald-700 text-white ring-emerald-700 hover:bg-emerald-800',
        pressed && tone === 'danger' && 'bg-red-600 text-white ring-red-600 hover:bg-red-700',
      )}
    >
      {icon}
      {children}
    </button>
  );
}
