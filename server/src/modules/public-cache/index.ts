/** Public data cached per process, keyed by the provider's data version; ETags of public answers. */
export { bumpProviderVersion, qualified, versionOf, writeProviderData } from './provider-version.ts';
export { sendWithEtag } from './etag.ts';
export { VersionedCache } from './versioned-cache.ts';
export { appointmentCounts, withCounts, type AppointmentCounts } from './appointment-counts.ts';
