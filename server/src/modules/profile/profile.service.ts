/**
 * A provider's public profile (docs/product-rules.md#public-pages). The provider's public data is
 * cached per process for its data version (docs/decisions/0008-public-data-version.md); each
 * request reads the version and the appointment counts fresh in one statement.
 */
import type { Plan, Policies, PublicProfile } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { availabilityService } from '../availability/index.ts';
import { imageUrl } from '../images/index.ts';
import { livePlansOf } from '../plans/index.ts';
import { AnswerCache, VersionedCache, withCounts, type ProviderChanges } from '../public-cache/index.ts';
import { listProviderServices, presentService, type ServiceListRow } from '../services/index.ts';
import { findProvider, type UserRow } from '../users/index.ts';
import { profileHeadQuery } from './profile.queries.ts';

interface PublicData {
  provider: UserRow;
  services: ServiceListRow[];
  plans: Plan[];
  policy: Policies;
}

export function profileService(deps: { db: Db; availability: ReturnType<typeof availabilityService>; changes: ProviderChanges }) {
  const { db } = deps;
  const answers = new AnswerCache(deps.changes);
  const head = profileHeadQuery(db);
  const cache = new VersionedCache<PublicData>();

  async function publicData(providerId: string): Promise<PublicData | null> {
    const [provider, services, plans, policy] = await Promise.all([
      findProvider(db, { id: providerId }),
      listProviderServices(db, providerId),
      livePlansOf(db, providerId),
      deps.availability.policy(providerId),
    ]);
    return provider && { provider, services, plans, policy };
  }

  async function byUsername(username: string, viewerId: string | null): Promise<{ providerId: string; profile: PublicProfile }> {
    const [found] = await head.execute({ username: username.toLowerCase() });
    let data = found ? cache.get(found.id, found.version) : undefined;
    if (found && !data) {
      // Read after the version, so a write committed in between is newer than the version, never older.
      data = (await publicData(found.id)) ?? undefined;
      if (data) cache.set(found.id, found.version, data);
    }
    if (!found || !data) throw new AppError('not_found', 'There is no provider at this address.');
    const { provider, services, plans, policy } = data;
    // Found by it; and the database requires a provider to have one.
    if (!provider.username) throw new Error(`Provider ${provider.id} has no username`);
    const profile = {
      name: provider.name,
      username: provider.username,
      avatar: imageUrl(provider.avatarImageId),
      cover: imageUrl(provider.coverImageId),
      bio: provider.bio,
      phone: provider.phone,
      email: provider.email,
      timezone: provider.timezone,
      plans,
      services: services.map((s) => presentService(withCounts(s, found.counts), viewerId)),
      policy: { min_hours_before_cancellation: policy.min_hours_before_cancellation, terms_of_service: policy.terms_of_service },
    };
    return { providerId: provider.id, profile };
  }

  return {
    async byUsername(username: string, viewerId: string | null): Promise<PublicProfile> {
      return (await byUsername(username, viewerId)).profile;
    },
    /**
     * The API's answer, kept until anything of the provider changes (docs/decisions/0017-pushed-provider-changes.md).
     * Keyed by the viewer too: `is_mine` is theirs.
     */
    answer(username: string, viewerId: string | null) {
      return answers.get(`${username.toLowerCase()}\n${viewerId ?? ''}`, 0, async () => {
        const { providerId, profile } = await byUsername(username, viewerId);
        return { providerId, body: JSON.stringify({ data: profile }) };
      });
    },
  };
}
