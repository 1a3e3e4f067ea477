import { ClockIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatCountdown } from '../../lib/use-seconds-left.ts';

/** The moments a client is warned that the hold is running out (docs/product-rules.md#holds). */
const FIRST_WARNING_SECONDS = 120;
const LAST_WARNING_SECONDS = 30;

/**
 * The warning for the time left, or null before the first one. It changes only when a threshold
 * is crossed, so the live region that carries it speaks once per warning, not every second.
 */
export function holdWarning(seconds: number, held: 'time' | 'purchase' = 'time'): string | null {
  if (seconds <= LAST_WARNING_SECONDS)
    return held === 'time'
      ? 'Less than 30 seconds left: confirm now or the held time is released.'
      : 'Less than 30 seconds left: confirm now or this checkout closes.';
  if (seconds <= FIRST_WARNING_SECONDS) return `Less than 2 minutes left to confirm this ${held}.`;
  return null;
}

/**
 * A hold's time left as mm:ss, with a written warning (not colour alone) from 2 minutes left. A
 * booking holds a time; a plan's checkout holds only the purchase (docs/product-rules.md#memberships-and-credits).
 */
export function HoldCountdown({ seconds, held = 'time' }: { seconds: number; held?: 'time' | 'purchase' }) {
  const warning = holdWarning(seconds, held);
  const urgent = warning !== null;
  return (
    <div className="mt-3">
      <p
        className={cn(
          'inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm ring-1 ring-inset',
          urgent ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-brand-50 text-brand-900 ring-brand-100',
        )}
      >
        <ClockIcon aria-hidden className={cn('size-4 shrink-0', urgent ? 'text-amber-700' : 'text-brand-600')} />
        <span>
          Time left to confirm{' '}
          <span role="timer" aria-label={`${Math.ceil(seconds / 60)} minutes left`} className="font-semibold tabular-nums">
            {formatCountdown(seconds)}
          </span>
        </span>
      </p>
      {/* Always rendered so screen readers already watch it when the first warning arrives. */}
      <p role="status" aria-live="polite" className={cn('text-sm font-medium text-amber-900', warning && 'mt-2')}>
        {warning}
      </p>
    </div>
  );
}
