import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@slotted/contract';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { cardClasses } from '../../../components/checkout/checkout-frame.tsx';

/** A booking past checkout that is not confirmed: cancelled (and no longer re-bookable), or awaiting its client. */
export function BookingNotice({
  appointment,
  view,
  restartTo,
}: {
  appointment: Appointment;
  view: 'cancelled' | 'pending';
  restartTo: string;
}) {
  if (view === 'cancelled') {
    return (
      <Notice tone="danger" title="This booking was cancelled">
        {appointment.is_mine ? (
          <>
            <p>Its time has passed, so it can no longer be re-booked.</p>
            <Link to={restartTo} className={buttonClasses({ theme: 'white', className: 'mt-4' })}>
              Book again
            </Link>
          </>
        ) : (
          <p>The time is free again for other clients.</p>
        )}
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
