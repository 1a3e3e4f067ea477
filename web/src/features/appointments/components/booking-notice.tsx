import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@slotted/contract';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';

/**
 * A booking that is not confirmed: cancelled, or awaiting its client. Its client sees where to go
 * next (My schedule), and re-booking only as a second, deliberate choice: the same time on this page
 * while it is ahead (`rebook`), or another time once it has passed.
 */
export function BookingNotice({
  appointment,
  view,
  restartTo,
  rebook,
  startsInFuture,
}: {
  appointment: Appointment;
  view: 'cancelled' | 'pending';
  restartTo: string;
  rebook: (() => void) | null;
  /** Whether the booked time is still ahead: a time ahead that cannot be re-booked was closed by the provider. */
  startsInFuture: boolean;
}) {
  if (view === 'cancelled') {
    if (!appointment.is_mine) {
      return (
        <Notice tone="danger" title="This booking was cancelled">
          <p>The time is free again for other clients.</p>
        </Notice>
      );
    }
    return (
      <Notice tone="danger" title="This booking was cancelled">
        <p>
          {rebook
            ? 'Its time is free again for other clients. Changed your mind? You can book the same time again while it is free.'
            : startsInFuture
              ? `${appointment.provider.name} no longer offers this time, so it cannot be booked again. Pick another time.`
              : 'Its time has passed, so it can no longer be re-booked.'}
        </p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Link to="/" className={buttonClasses({ theme: 'primary' })}>
            My schedule
          </Link>
          {rebook ? (
            <Button theme="white" onClick={rebook}>
              Book this time again
            </Button>
          ) : (
            <Link to={restartTo} className={buttonClasses({ theme: 'white' })}>
              Book again
            </Link>
          )}
        </div>
      </Notice>
    );
  }
  return (
    <Notice title={appointment.status === 'expired' ? 'Not confirmed in time' : 'Not confirmed yet'}>
      <p>
        {appointment.status === 'expired'
          ? `${appointment.client.name} did not confirm this booking in time, so the time is free again.`
          : `${appointment.client.name} is still checking out. The time is held for them for a few minutes.`}
      </p>
    </Notice>
  );
}

function Notice({ title, tone = 'neutral', children }: { title: string; tone?: 'neutral' | 'danger'; children: ReactNode }) {
  return (
    <section className={cn(cardClasses, tone === 'danger' && 'border-red-200')}>
      <h2 className={cn('text-base font-semibold', tone === 'danger' ? 'text-red-800' : 'text-zinc-900')}>{title}</h2>
      <div className="mt-1.5 text-sm text-zinc-600">{children}</div>
    </section>
  );
}
