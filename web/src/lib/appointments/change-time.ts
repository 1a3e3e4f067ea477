import { chooseTimePath } from '../service-format.ts';

/** The choose-time page's query flag that turns it into moving this booking (docs/product-rules.md#choose-time). */
export const MOVE_PARAM = 'move';

/**
 * 'Change time': the booking's service on the choose-time page in move mode, with the booking's
 * current time marked (docs/product-rules.md#moving-a-booking). Null when the provider has no
 * public page (no username) to choose from.
 */
export function changeTimePath(providerUsername: string | null, serviceId: number, appointmentId: string): string | null {
  if (!providerUsername) return null;
  return `${chooseTimePath(providerUsername, serviceId)}?${MOVE_PARAM}=${encodeURIComponent(appointmentId)}`;
}
