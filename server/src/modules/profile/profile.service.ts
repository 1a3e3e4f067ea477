/** A provider's public profile (docs/product-rules.md#public-pages). */
import type { PublicProfile } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { availabilityService } from '../availability/index.ts';
import { imageUrl } from '../images/index.ts';
import { livePlansOf } from '../plans/index.ts';
import { listProviderServices } from '../services/index.ts';
import { presentService } from '../services/index.ts';
import { findProvider } from '../users/index.ts';

export function profileService(deps: { db: Db; availability: ReturnType<typeof availabilityService> }) {
  const { db } = deps;
  return {
    async byUsername(username: string, viewerId: string | null): Promise<PublicProfile> {
      const provider = await findProvider(db, { username });
      if (!provider) throw new AppError('not_found', 'There is no provider at this address.');
      const [services, plans, policy] = await Promise.all([
        listProviderServices(db, provider.id),
        livePlansOf(db, provider.id),
        deps.availability.policy(provider.id),
      ]);
      return {
        name: provider.name,
        username: provider.username!,
        avatar: imageUrl(provider.avatarImageId),
        cover: imageUrl(provider.coverImageId),
        bio: provider.bio,
        phone: provider.phone,
        email: provider.email,
        timezone: provider.timezone,
        plans,
        services: services.map((s) => presentService(s, viewerId)),
        policy: { min_hours_before_cancellation: policy.min_hours_before_cancellation, terms_of_service: policy.terms_of_service },
      };
    },
  };
}
