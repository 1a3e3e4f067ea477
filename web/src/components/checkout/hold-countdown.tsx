import { ClockIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatCountdown } from '../../lib/use-seconds-left.ts';

/** A hold's time left (docs/product-rules.md#holds), as mm:ss; amber in the last minute. */
export function HoldCountdown({ seconds }: { seconds: number }) {
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
