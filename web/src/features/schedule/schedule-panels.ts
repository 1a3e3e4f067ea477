import type { ComponentType } from 'react';
import type { ScheduleSlot } from '@slotted/contract';

export type ScheduleClient = ScheduleSlot['appointments'][number]['client'];

/**
 * The panels of other features that the schedule opens: Add a Class (classes) and a client's
 * panel (clients), and the clients feature's 'Mark as paid' for the roster. web/src/app passes
 * them in, because one feature does not import another.
 */
export interface SchedulePanels {
  AddClassPanel: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; timezone: string }>;
  ClientPanel: ComponentType<{ clientId: string; client: ScheduleClient; open: boolean; onOpenChange: (open: boolean) => void }>;
  MarkPaidButton: ComponentType<{ appointmentId: string; what: string; onSettled?: () => void }>;
}
