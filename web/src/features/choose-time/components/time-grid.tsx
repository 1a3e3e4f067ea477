import { CheckIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { FOCUS_KEY } from '../../../lib/use-focus-across-paths.ts';
import type { BookableSlot } from '../api/get-service-slots.ts';

/**
 * The times of one day as buttons. Free times toggle (clicking the chosen one again unselects it,
 * docs/product-rules.md#choose-time); taken ones are struck through and disabled; the viewer's own
 * bookings read 'Booked', and the booking being moved 'Current time'.
 */
export function TimeGrid({
  slots,
  selected,
  onToggle,
  label,
  isCurrent,
}: {
  slots: BookableSlot[];
  selected: BookableSlot | null;
  onToggle: (slot: BookableSlot) => void;
  label: string;
  /** Moving a booking: its present time, marked 'Current time' (docs/product-rules.md#choose-time). */
  isCurrent?: (slot: BookableSlot) => boolean;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5">
      {slots.map((slot) => {
        const isSelected = selected?.id === slot.id;
        const state = isCurrent?.(slot) ? 'current' : slot.booked_by_you ? 'booked' : slot.available ? 'free' : 'taken';
        return (
          <li key={slot.id}>
            <button
              type="button"
              {...{ [FOCUS_KEY]: `time-${slot.id}` }}
              disabled={state !== 'free'}
              aria-pressed={state === 'free' ? isSelected : undefined}
              aria-current={state === 'current' ? 'true' : undefined}
              // Booked and current start with what they show ('11:00 Booked', WCAG 2.5.3).
              aria-label={
                state === 'current'
                  ? `${slot.time} Current time`
                  : state === 'booked'
                    ? `${slot.time} Booked by you`
                    : state === 'taken'
                      ? `${slot.time}, taken`
                      : `${slot.time} to ${slot.until}`
              }
              onClick={() => onToggle(slot)}
              className={cn(
                'relative flex h-12 w-full flex-col items-center justify-center rounded-xl border text-[15px] font-semibold tabular-nums transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                state === 'free' &&
                  (isSelected
                    ? 'border-brand-600 bg-brand-600 text-white shadow-sm shadow-brand-600/30'
                    : 'border-zinc-200 bg-white text-zinc-900 hover:border-brand-400 hover:bg-brand-50'),
                state === 'taken' && 'cursor-not-allowed border-zinc-100 bg-zinc-50 text-zinc-400 line-through decoration-zinc-400',
                state === 'booked' && 'cursor-default border-emerald-200 bg-emerald-50 text-emerald-800',
                state === 'current' && 'cursor-default border-2 border-dashed border-brand-400 bg-brand-50 text-brand-800',
              )}
            >
              <span className="flex items-center gap-1">
                {isSelected && <CheckIcon className="size-3.5" strokeWidth={3} />}
                {slot.time}
              </span>
              {/* The leading space keeps the visible text '11:00 Booked', not '11:00Booked', for checks that read it. */}
              {state === 'booked' && <span className="text-[10px] leading-none font-medium tracking-wide uppercase">{' Booked'}</span>}
              {state === 'current' && (
                <span className="text-[10px] leading-none font-medium tracking-wide uppercase">{' Current time'}</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
