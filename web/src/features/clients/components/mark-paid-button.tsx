import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-client.ts';
import { useMarkAppointmentPaid } from '../api/mark-paid.ts';

/** 'Mark as paid', named for a screen reader by what it pays for. */
export function MarkPaidButton({ what, loading, onClick }: { what: string; loading: boolean; onClick: () => void }) {
  return (
    <Button theme="white" size="xs" loading={loading} onClick={onClick} className="shrink-0">
      Mark as paid<span className="sr-only">: {what}</span>
    </Button>
  );
}

/** A failed mark-paid says so; the lists refresh either way. */
export function useMarkPaidFailed() {
  const { toast } = useToast();
  return (error: unknown) => {
    if (isApiError(error, 'unauthenticated')) return;
    toast({ title: 'Oops!', description: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE, theme: 'error' });
  };
}

/**
 * 'Mark as paid' for one booking, outside the client panel (the schedule's roster): the same
 * mutation as the panel's rows; `onSettled` lets the opener refresh what it shows.
 */
export function MarkAppointmentPaidButton({
  appointmentId,
  what,
  onSettled,
}: {
  appointmentId: string;
  what: string;
  onSettled?: () => void;
}) {
  const markPaid = useMarkAppointmentPaid();
  const failed = useMarkPaidFailed();
  return (
    <MarkPaidButton
      what={what}
      loading={markPaid.isPending}
      onClick={() => markPaid.mutate(appointmentId, { onError: failed, onSettled })}
    />
  );
}
