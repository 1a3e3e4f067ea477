import { useId, useState } from 'react';
import { CalendarPlusIcon, CopyIcon, RefreshCwIcon } from 'lucide-react';
import { Button, ButtonLink } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Textarea } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useToast } from '../ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE } from '../../lib/api-client.ts';
import { useCalendarFeed, useNewCalendarFeed } from '../../lib/calendar-feed.ts';
import { copyText } from '../../lib/copy-text.ts';

/**
 * Subscribing to one's schedule in a calendar app (docs/product-rules.md#calendar-feeds): make the
 * private address, open it in the device's calendar app (webcal://), copy it for Google or
 * Outlook on the web, or replace it with a new one when it has been shared by mistake.
 */
export function CalendarFeedSubscription({ what, enabled = true }: { what: string; enabled?: boolean }) {
  const feed = useCalendarFeed(enabled);
  const create = useNewCalendarFeed();
  const { toast } = useToast();
  const [confirmNew, setConfirmNew] = useState(false);
  const inputId = useId();
  const helpId = useId();

  const make = (again: boolean) =>
    create.mutate(undefined, {
      onSuccess: () => {
        setConfirmNew(false);
        if (again) toast({ title: 'New address made', description: 'The old address no longer works.' });
      },
      onError: () => toast({ title: 'Oops!', description: GENERIC_ERROR_MESSAGE, theme: 'error' }),
    });
  const copy = async (address: string) => {
    if (await copyText(address)) toast({ title: 'Address copied' });
    else toast({ title: 'Oops!', description: 'The address could not be copied. Please select it and copy it yourself.', theme: 'error' });
  };

  return (
    <QueryState
      query={feed}
      what="your calendar address"
      variant="inline"
      loading={
        <div aria-busy="true" aria-label="Loading your calendar address" className="flex flex-col gap-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-10 w-full rounded-lg" />
        </div>
      }
    >
      {(address) =>
        address === null ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm leading-relaxed text-zinc-600">
              See {what} in the calendar you already use — Google, Apple or Outlook — kept up to date as bookings are made, moved or
              cancelled. The address is private: anyone who has it can see {what}.
            </p>
            <div>
              <Button leadingIcon={<CalendarPlusIcon className="size-4" />} loading={create.isPending} onClick={() => make(false)}>
                Get my calendar address
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <ButtonLink href={address.webcal} leadingIcon={<CalendarPlusIcon className="size-4" />} className="w-full sm:w-auto">
                Add to my calendar app
              </ButtonLink>
              <Button theme="white" leadingIcon={<CopyIcon className="size-4" />} onClick={() => void copy(address.https)}>
                Copy address
              </Button>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={inputId} className="text-sm font-medium text-zinc-900">
                Calendar address
              </label>
              {/* The whole address, wrapped, rather than a field that cuts it off: people check it before pasting it. */}
              <Textarea
                id={inputId}
                readOnly
                rows={2}
                value={address.https}
                onFocus={(e) => e.currentTarget.select()}
                aria-describedby={helpId}
                className="resize-none break-all [field-sizing:content]"
              />
              <p id={helpId} className="text-sm leading-relaxed text-zinc-500">
                In Google Calendar: Other calendars → From URL. In Outlook: Add calendar → Subscribe from web. Calendar apps refresh it
                about once an hour. Anyone who has this address can see {what}.
              </p>
            </div>
            <div>
              <Button theme="white" size="s" leadingIcon={<RefreshCwIcon className="size-4" />} onClick={() => setConfirmNew(true)}>
                New address
              </Button>
            </div>
            <ConfirmDialog
              open={confirmNew}
              onOpenChange={setConfirmNew}
              title="Make a new address?"
              description="The current address stops working at once: calendars subscribed to it stop updating until you add the new one."
              confirmLabel="Make a new address"
              loading={create.isPending}
              onConfirm={() => make(true)}
            />
          </div>
        )
      }
    </QueryState>
  );
}
