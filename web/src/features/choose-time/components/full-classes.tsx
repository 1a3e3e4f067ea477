import { UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { formatTimeRange } from '../../../lib/format.ts';
import { useJoinWaitlist, useLeaveWaitlist } from '../../../lib/waitlist/waitlist-api.ts';
import type { BookableSlot } from '../api/get-service-slots.ts';

/** A full occurrence the viewer can wait for, or is waiting for. */
export function hasWaitlist(slot: BookableSlot): boolean {
  return slot.taken && (slot.waitlist_open === true || (slot.waitlist_position ?? null) !== null);
}

/**
 * The day's full class times with their waitlist (docs/product-rules.md#waitlist): Join waitlist,
 * or the viewer's position and Leave. Signed out, joining goes to sign-in and back.
 */
export function FullClasses({ slots, signedIn, onSignIn }: { slots: BookableSlot[]; signedIn: boolean; onSignIn: () => void }) {
  const full = slots.filter(hasWaitlist);
  const [autoBook, setAutoBook] = useState(false);
  const autoBookId = useId();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const { toast } = useToast();
  if (full.length === 0) return null;
  const failed = (error: unknown) => {
    if (isApiError(error, 'unauthenticated')) return onSignIn();
    toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
  };
  return (
    <div className="mt-4 border-t border-zinc-100 pt-4">
      <h4 className="flex items-center gap-1.5 text-sm font-semibold text-zinc-900">
        <UsersIcon className="size-4 text-zinc-500" aria-hidden />
        Full — join the waitlist
      </h4>
      <p className="mt-1 text-xs text-zinc-500">If a place comes free, we hold it for you for 30 minutes and e-mail you a link.</p>
      <ul className="mt-3 space-y-2">
        {full.map((slot) => {
          const position = slot.waitlist_position ?? null;
          return (
            <li key={slot.id} className="flex items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2">
              <span className="text-[15px] font-semibold text-zinc-900 tabular-nums">{formatTimeRange(slot.time, slot.until)}</span>
              <span className="min-w-0 flex-1 truncate text-sm text-zinc-600">
                {position !== null ? `On the waitlist · #${position}` : 'Full'}
              </span>
              {position !== null ? (
                <Button
                  size="s"
                  theme="white"
                  loading={leave.isPending && leave.variables === slot.id}
                  onClick={() => leave.mutate(slot.id, { onError: failed })}
                  aria-label={`Leave the waitlist for ${slot.time}`}
                >
                  Leave
                </Button>
              ) : (
                <Button
                  size="s"
                  loading={join.isPending && join.variables?.slotId === slot.id}
                  onClick={() =>
                    signedIn
                      ? join.mutate(
                          { slotId: slot.id, autoBook },
                          {
                            onSuccess: (place) =>
                              toast({
                                title: 'You are on the waitlist',
                                description: `Your position: #${place.position}.`,
                                theme: 'success',
                              }),
                            onError: failed,
                          },
                        )
                      : onSignIn()
                  }
                  aria-label={`Join waitlist for ${slot.time}`}
                >
                  Join waitlist
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {signedIn && full.some((slot) => (slot.waitlist_position ?? null) === null) && (
        <label htmlFor={autoBookId} className="mt-3 flex items-start gap-2 text-sm text-zinc-700">
          <input
            id={autoBookId}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-zinc-300 text-brand-600 focus-visible:ring-brand-500"
            checked={autoBook}
            onChange={(e) => setAutoBook(e.target.checked)}
          />
          <span>Book me at once with a membership credit when a place comes free</span>
        </label>
      )}
    </div>
  );
}
