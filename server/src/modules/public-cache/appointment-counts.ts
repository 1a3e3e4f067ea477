/**
 * The paid and cancelled appointment counts a service shows. Bookings change them, and bookings do
 * not bump the provider's version, so they are read fresh with the version and laid over cached rows.
 */
import { sql, type SQL } from 'drizzle-orm';

/** [service id, paid appointments, cancelled appointments] of each service that has any. */
export type AppointmentCounts = [number, number, number][];

/** SQL of the counts of the provider's services (or of one of them), grouped over the provider's appointments. */
/** `providerId` and `serviceId` are qualified columns (see `versionOf`). */
export function appointmentCounts(providerId: SQL, serviceId?: SQL): SQL<AppointmentCounts> {
  const oneService = serviceId === undefined ? sql`` : sql` AND a.service_id = ${serviceId}`;
  return sql<AppointmentCounts>`coalesce((
    SELECT json_agg(json_build_array(c.service_id, c.paid, c.cancelled)) FROM (
      SELECT a.service_id, count(*) FILTER (WHERE a.paid_at IS NOT NULL) AS paid, count(*) FILTER (WHERE a.status = 'cancelled') AS cancelled
      FROM appointments a WHERE a.provider_id = ${providerId}${oneService} GROUP BY a.service_id
    ) c), '[]'::json)`;
}

/** What `withCounts` lays the fresh counts over: a cached service row. */
interface CountedRow {
  service: { id: number };
  paidAppointments: number;
  cancelledAppointments: number;
}

/** A cached service row with the counts read fresh. */
export function withCounts<R extends CountedRow>(row: R, counts: AppointmentCounts): R {
  const found = counts.find(([id]) => id === row.service.id);
  return { ...row, paidAppointments: Number(found?.[1] ?? 0), cancelledAppointments: Number(found?.[2] ?? 0) };
}
