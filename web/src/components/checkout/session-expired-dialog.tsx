import { Link } from 'react-router';
import { buttonClasses } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

export const SESSION_EXPIRED_TITLE = 'Session time has expired';

/**
 * The hold ran out (docs/product-rules.md#holds): a booking's or a purchase's, each with its own
 * `text`. The dialog cannot be dismissed (no close button, Escape and outside clicks do nothing):
 * the only way on is to start again at `restartTo`.
 */
export function SessionExpiredDialog({ open, restartTo, text }: { open: boolean; restartTo: string; text: string }) {
  return (
    <Dialog
      open={open}
      onOpenChange={() => {}}
      dismissible={false}
      title={SESSION_EXPIRED_TITLE}
      description={text}
      footer={
        <Link to={restartTo} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          Restart booking
        </Link>
      }
    />
  );
}
