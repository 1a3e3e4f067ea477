import { AddClassPanel } from '../features/classes/components/add-class-panel.tsx';
import { ClientPanel } from '../features/clients/components/client-panel.tsx';
import { SchedulePage } from '../features/schedule/pages/schedule-page.tsx';

const panels = { AddClassPanel, ClientPanel };

/** The schedule page with the panels of other features it opens (Add a Class, a client's panel). */
export function ScheduleRoute() {
  return <SchedulePage panels={panels} />;
}
