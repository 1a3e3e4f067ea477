import { otherReadings, zoneName } from '../lib/format.ts';

/**
 * Under a booking's time: the zone it is read in, then the same time on this device and at the
 * studio when those zones differ (docs/decisions/0004-whose-time-zone-a-page-shows.md), so the
 * time chosen on Choose time is on every page of the booking.
 */
export function ZoneLines({
  booking,
  providerZone,
  as: Tag = 'span',
}: {
  booking: { starts_at: string; ends_at: string; timezone: string };
  providerZone?: string | null;
  as?: 'span' | 'p';
}) {
  if (!booking.timezone) return null;
  return (
    <>
      <Tag className="mt-0.5 block text-xs text-zinc-500">{zoneName(booking.timezone)}</Tag>
      {otherReadings(booking, providerZone).map((line) => (
        <Tag key={line} className="mt-0.5 block text-xs tabular-nums text-zinc-500">
          {line}
        </Tag>
      ))}
    </>
  );
}
