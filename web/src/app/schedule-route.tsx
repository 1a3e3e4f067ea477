import { AddClassPanel } from '../features/classes/components/add-class-panel.tsx';
import { ClientPanel } from '../features/clients/components/client-panel.tsx';
import { MarkAppointmentPaidButton } from '../features/clients/components/mark-paid-button.tsx';
import { SchedulePage } from '../features/schedule/pages/schedule-page.tsx';

const panels = { AddClassPanel, ClientPanel, MarkPaidButton: MarkAppointmentPaidButton };

/** The schedule page with the panels of other features it opens (Add a Class, a client's panel, Mark as paid). */
export function ScheduleRoute() {
  return <SchedulePage panels={panels} />;
}
