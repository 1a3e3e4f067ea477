import { useId, useState } from 'react';
import { RadioGroup } from 'radix-ui';
import type { ScheduleSlot } from '@slotted/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatLongDate, formatTime } from '../../../lib/format.ts';
import { useCancelSlot } from '../api/cancel-slot.ts';

type Scope = 'this' | 'following';

export const CANCEL_FAILED = { title: 'Oops!', description: 'Something went wrong, please try again in a minute.' };

/**
 * Cancelling a class (docs/product-rules.md#classes): only this class, or this and all following
 * classes of its timetable (offered only when it repeats). For the provider the cancellation is
 * immediate and clients are refunded in full (docs/product-rules.md#cancellation-and-refunds).
 */
export function CancelClassDialog({
  slot,
  open,
  onOpenChange,
  onCancelled,
}: {
  slot: ScheduleSlot;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: () => void;
}) {
  const ids = useId();
  const { toast } = useToast();
  const cancel = useCancelSlot();
  const [scope, setScope] = useState<Scope>('this');
  const repeats = Boolean(slot.repeater?.repeat_every);
  const booked = slot.participants;

  const confirm = () => {
    const upcoming = repeats && scope === 'following';
    cancel.mutate(
      { id: slot.id, upcoming },
      {
        onSuccess: () => {
          toast({
            title: 'Class cancelled.',
            description: upcoming ? 'This and the following classes were cancelled.' : 'Your class was cancelled.',
          });
          onCancelled();
        },
        onError: (error) => {
          if (isApiError(error, 'unauthenticated')) return;
          toast({ ...CANCEL_FAILED, theme: 'error' });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}
      title="Cancel class"
      description={
        <>
          {slot.service.name}, {formatLongDate(slot.date)} at {formatTime(slot.time)}. The cancellation is immediate:{' '}
          {booked > 0
            ? `the ${booked === 1 ? 'client who booked is' : `${booked} clients who booked are`} notified and refunded in full.`
            : 'clients who booked are notified and refunded in full.'}
        </>
      }
      footer={
        <>
          <Button theme="white" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep class
          </Button>
          <Button theme="danger" onClick={confirm} loading={cancel.isPending}>
            Cancel class
          </Button>
        </>
      }
    >
      {repeats && (
        <RadioGroup.Root
          value={scope}
          onValueChange={(value) => setScope(value as Scope)}
          aria-label="Which classes to cancel"
          className="flex flex-col gap-2"
        >
          {(
            [
              { value: 'this', label: 'Only this class', detail: 'The rest of the timetable stays as it is.' },
              { value: 'following', label: 'This and all following classes', detail: 'The timetable ends with this class.' },
            ] as const
          ).map((option) => (
            <label
              key={option.value}
              htmlFor={`${ids}-${option.value}`}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors',
                scope === option.value ? 'border-brand-500 bg-brand-50/50 ring-1 ring-brand-500' : 'border-zinc-200 hover:bg-zinc-50',
              )}
            >
              <RadioGroup.Item
                id={`${ids}-${option.value}`}
                value={option.value}
                className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-zinc-400 bg-white outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 data-[state=checked]:border-brand-600"
              >
                <RadioGroup.Indicator className="size-2 rounded-full bg-brand-600" />
              </RadioGroup.Item>
              <span>
                <span className="block text-sm font-medium text-zinc-900">{option.label}</span>
                <span className="block text-xs text-zinc-500">{option.detail}</span>
              </span>
            </label>
          ))}
        </RadioGroup.Root>
      )}
    </Dialog>
  );
}
