import type { Service } from '@slotted/contract';

export function serviceTypeLabel(type: Service['type']): string {
  return type === 'class' ? 'Class' : 'Appointment';
}

/** The choose-time page of a service (docs/product-rules.md#choose-time). */
export function chooseTimePath(username: string, serviceId: number | string, date?: string | null, time?: string | null): string {
  let path = `/${encodeURIComponent(username)}/${serviceId}`;
  if (date) {
    path += `/${date}`;
    if (time) path += `/${time}`;
  }
  return path;
}
