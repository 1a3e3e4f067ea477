/** IANA time zone names, checked without the validation library (the browser's first load uses this). */

/**
 * Zones already found valid. Building an Intl.DateTimeFormat costs more than the rest of a slots
 * request's validation, and every slots request names a zone; only valid zones are kept, so the
 * set cannot grow past the few hundred zones there are, whatever strangers send.
 */
const validZones = new Set<string>();

export function isIanaZone(tz: string): boolean {
  if (validZones.has(tz)) return true;
  if (tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    return false;
  }
  validZones.add(tz);
  return true;
}
