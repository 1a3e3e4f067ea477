import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { bookingCancelledTitle } from '../../../lib/appointments/cancel-appointment.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { CANCEL_FAILED } from './cancel-class-dialog.tsx';

/**
 * 'Cancel booking' confirmation (docs/product-rules.md#failures-and-messages): says what happens to
 * the money, then POST /api/appointments/{id}/cancel. On success: the cancelled toast
 * (bookingCancelledTitle) and `onCancelled`; on failure the try-again toast, and the dialog stays open (unless the booking
 * changed: 409).
 */
export function CancelBookingDialog({
  appointmentId,
  serviceType,
  description,
  notified,
  open,
  onOpenChange,
  onCancelled,
}: {
  appointmentId: string;
  /** A 1:1 or a place in a class: the toast's wording. */
  serviceType: 'appointment' | 'class';
  /** cancelBookingText(…) for the viewer. */
  description: string;
  /** Who gets the cancellation e-mail, for the toast. */
  notified?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: () => void;
}) {
  const { toast } = useToast();
  const cancel = useCancelBooking();

  const confirm = () => {
    cancel.mutate(appointmentId, {
      onSuccess: () => {
        toast({ title: bookingCancelledTitle(serviceType), description: notified ? `${notified} has been notified.` : undefined });
        onCancelled();
      },
      onError: (error) => {
        if (isApiError(error, 'unauthenticated')) return;
        toast({ ...CANCEL_FAILED, theme: 'error' });
        // conflict: already cancelled or started meanwhile; the reloaded panel shows that, so there is nothing to confirm.
        if (isApiError(error, 'conflict')) onOpenChange(false);
      },
    });
  };

  // The shared Dialog, like 'Cancel class' beside it: it opens centred (ConfirmDialog still starts
  // off-centre while its opening animation runs).
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}
      title="Cancel this booking?"
      description={description}
      footer={
        <>
          <Button theme="white" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep booking
          </Button>
          <Button theme="danger" onClick={confirm} loading={cancel.isPending}>
            Cancel booking
          </Button>
        </>
      }
    />
  );
}
