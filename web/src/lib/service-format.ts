import type { Service } from '@slotted/contract';

/** '45 min', '1 h', '1 h 30 min'. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

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
