/** Public data cached per process, keyed by the provider's data version; finished answers kept per pushed generation; ETags of public answers. */
export { bumpProviderVersion, qualified, versionOf, writeProviderData } from './provider-version.ts';
export { sendWithEtag } from './etag.ts';
export { VersionedCache } from './versioned-cache.ts';
export { appointmentCounts, withCounts, type AppointmentCounts } from './appointment-counts.ts';
export { ProviderChanges } from './provider-changes.ts';
export { AnswerCache, sendAnswer } from './answer-cache.ts';
