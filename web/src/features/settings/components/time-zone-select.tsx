import { useMemo } from 'react';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { zoneName } from '../../../lib/format.ts';
import { currentZoneName } from '../../../lib/time-zones.ts';

let zoneCache: { zone: string; former?: string }[] | null = null;

function supportedZones(): { zone: string; former?: string }[] {
  if (!zoneCache) {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = [];
    }
    if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
    zoneCache = zones
      .map((former) => {
        const zone = currentZoneName(former);
        return zone === former ? { zone } : { zone, former };
      })
      .sort((a, b) => a.zone.localeCompare(b.zone));
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

/** Every IANA zone the browser knows (searchable, also by former name and offset), with its current UTC offset. */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const selected = currentZoneName(value);
  const options = useMemo<SelectOption[]>(() => {
    const now = new Date();
    const zones = supportedZones();
    const all = !selected || zones.some((z) => z.zone === selected) ? zones : [{ zone: selected }, ...zones];
    return all.map(({ zone, former }) => ({
      value: zone,
      // Named as every other page names a zone ('Madrid time'); the IANA id and offset tell apart two cities of one name.
      title: zoneName(zone),
      detail: `${zone.replaceAll('_', ' ')} · ${offsetOf(zone, now)}`,
      keywords: `${zone} ${former ?? ''}`,
    }));
  }, [selected]);
  return (
    <Select
      options={options}
      value={selected}
      onChange={onChange}
      searchable
      searchPlaceholder="Search time zones…"
      emptyText="No time zone matches"
    />
  );
}
