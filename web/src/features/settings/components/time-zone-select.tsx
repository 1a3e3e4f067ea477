import { useMemo } from 'react';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';

let zoneCache: string[] | null = null;

function supportedZones(): string[] {
  if (!zoneCache) {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = [];
    }
    zoneCache = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  }
  return zoneCache;
}

function offsetOf(timeZone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName');
    return part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? '');
  } catch {
    return '';
  }
}

/** Every IANA zone the browser knows (searchable), with its current UTC offset. */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const options = useMemo<SelectOption[]>(() => {
    const now = new Date();
    const zones = supportedZones().includes(value) || !value ? supportedZones() : [value, ...supportedZones()];
    return zones.map((zone) => ({ value: zone, title: zone.replaceAll('_', ' '), detail: offsetOf(zone, now) }));
  }, [value]);
  return (
    <Select
      options={options}
      value={value}
      onChange={onChange}
      searchable
      searchPlaceholder="Search time zones…"
      emptyText="No time zone matches"
    />
  );
}
