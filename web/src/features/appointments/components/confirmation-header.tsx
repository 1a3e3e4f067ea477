import type { Appointment } from '@slotted/contract';
import { CheckIcon, ClockIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import type { Checkout } from '../lib/use-checkout.ts';
import { formatCountdown } from '../lib/use-seconds-left.ts';

/** The page's heading, and what it means for this booking (e-mail sent, time left to confirm, re-booking). */
export function ConfirmationHeader({ appointment, checkout }: { appointment: Appointment; checkout: Checkout }) {
  const { view, heading, headingRef, holdSecondsLeft } = checkout;
  return (
    <div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-3 text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl outline-none"
      >
        {view === 'confirmed' && (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 sm:size-10">
            <CheckIcon className="size-5 sm:size-6" strokeWidth={2.4} />
          </span>
        )}
        {heading}
      </h1>
      {view === 'confirmed' && appointment.is_mine && (
        <p className="mt-2 text-sm text-zinc-600">We have sent the details to {appointment.client.email}.</p>
      )}
      {view === 'checkout' && holdSecondsLeft !== null && holdSecondsLeft > 0 && <HoldCountdown seconds={holdSecondsLeft} />}
      {view === 'checkout' && appointment.status === 'cancelled' && (
        <p className="mt-2 text-sm text-zinc-600">This booking was cancelled. Confirm to book the same time again.</p>
      )}
    </div>
  );
}

/** The hold's time left (docs/product-rules.md#holds), as mm:ss. */
function HoldCountdown({ seconds }: { seconds: number }) {
  const urgent = seconds <= 60;
  return (
    <p
      className={cn(
        'mt-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm ring-1 ring-inset',
        urgent ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-brand-50 text-brand-900 ring-brand-100',
      )}
    >
      <ClockIcon className={cn('size-4 shrink-0', urgent ? 'text-amber-600' : 'text-brand-600')} />
      <span>
        Time left to confirm{' '}
        <span role="timer" aria-label={`${Math.ceil(seconds / 60)} minutes left`} className="font-semibold tabular-nums">
          {formatCountdown(seconds)}
        </span>
      </span>
    </p>
  );
}
