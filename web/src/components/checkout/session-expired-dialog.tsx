import { Link } from 'react-router';
import { buttonClasses } from '../ui/button.tsx';
import { LazyDialog } from '../ui/lazy-dialog.tsx';

export const SESSION_EXPIRED_TITLE = 'Session time has expired';

/**
 * The hold ran out (docs/product-rules.md#holds): a booking's or a purchase's, each with its own
 * `text` and the `action` that starts again at `restartTo`. The dialog cannot be dismissed (no
 * close button, Escape and outside clicks do nothing): that action is the only way on.
 */
export function SessionExpiredDialog({
  open,
  restartTo,
  text,
  action = 'Restart booking',
}: {
  open: boolean;
  restartTo: string;
  text: string;
  action?: string;
}) {
  return (
    <LazyDialog
      open={open}
      onOpenChange={() => {}}
      dismissible={false}
      title={SESSION_EXPIRED_TITLE}
      description={text}
      footer={
        <Link to={restartTo} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          {action}
        </Link>
      }
    />
  );
}
