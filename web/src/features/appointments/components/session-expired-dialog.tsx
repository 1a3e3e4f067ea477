import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

export const SESSION_EXPIRED_TITLE = 'Session time has expired';
export const SESSION_EXPIRED_TEXT =
  "Your session timed out before we could confirm your booking. Just restart your booking to continue—you're almost there!";

/**
 * The hold ran out (docs/product-rules.md#holds). The dialog cannot be dismissed (no close button,
 * Escape and outside clicks do nothing): the only way on is to restart the booking.
 */
export function SessionExpiredDialog({ open, restartTo }: { open: boolean; restartTo: string }) {
  return (
    <Dialog
      open={open}
      onOpenChange={() => {}}
      dismissible={false}
      title={SESSION_EXPIRED_TITLE}
      description={SESSION_EXPIRED_TEXT}
      footer={
        <Link to={restartTo} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          Restart booking
        </Link>
      }
    />
  );
}
