import type { Me } from '@slotted/contract';
import type { UserRow } from '../users/index.ts';
import { imageUrl } from '../images/index.ts';

/** The `me` answer: the signed-in person's own account. */
export function presentMe(user: UserRow, socialProviders: readonly ('google' | 'facebook')[]): Me {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    avatar: imageUrl(user.avatarImageId),
    cover: imageUrl(user.coverImageId),
    bio: user.bio,
    username: user.username,
    timezone: user.timezone,
    is_provider: user.isProvider,
    require_payment: user.requirePayment,
    stripe_connected: user.stripeConnected,
    sign_in_methods: ['email', ...socialProviders],
    reminders: user.reminders,
  };
}
