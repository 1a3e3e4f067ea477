/**
 * Account settings (docs/product-rules.md#settings, docs/product-rules.md#roles-and-accounts).
 * Every field error is gathered before anything is written, then the change is one transaction.
 */
import { and, eq, ne } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, PROFILE_COVER_MAX_BYTES, updateMeFields, fieldErrors, type Me } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import { identities, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { bumpProviderVersion, writeProviderData } from '../public-cache/index.ts';
import type { UserRow } from '../users/index.ts';
import { presentMe } from './me.presenter.ts';
import { deleteImage, insertImage, processImage, type ProcessedImage, type UploadForm } from '../images/index.ts';

const USERNAME_TAKEN = 'This username is already taken. Please choose another one.';

/** `cardPayments`: Stripe keys are configured (D11), so a connected provider can be paid by card. */
export function meService(deps: { db: Db; clock: Clock; cardPayments: boolean }) {
  const { db } = deps;

  return {
    /** The `me` answer, with the sign-in methods linked to the account. */
    async present(user: UserRow): Promise<Me> {
      const rows = await db.select({ provider: identities.provider }).from(identities).where(eq(identities.userId, user.id));
      return presentMe(user, [...new Set(rows.map((r) => r.provider))].sort());
    },

    /**
     * Whether clients must pay by card when they book (spec §3). Requiring it needs an account that
     * can take charges, checked in the update itself so it cannot race the webhook that revokes it.
     */
    async updatePayments(user: UserRow, input: { require_payment: boolean }): Promise<UserRow> {
      const requirePayment = input.require_payment;
      if (requirePayment && !deps.cardPayments) throw new AppError('stripe_not_connected');
      return writeProviderData(db, user.id, async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ requirePayment, updatedAt: deps.clock.now() })
          .where(and(eq(users.id, user.id), requirePayment ? eq(users.stripeConnected, true) : undefined))
          .returning();
        if (!updated) throw new AppError('stripe_not_connected');
        return updated;
      });
    },

    async update(user: UserRow, upload: UploadForm<'avatar_upload' | 'cover_upload'>): Promise<UserRow> {
      const errors: Record<string, string[]> = {};
      const parsed = updateMeFields.safeParse(upload.fields);
      if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues));
      const f = parsed.success ? parsed.data : null;

      const email = typeof upload.fields.email === 'string' ? upload.fields.email : undefined;
      if (email !== undefined && email.trim().toLowerCase() !== user.email) {
        errors.email = ['Your e-mail address cannot be changed.'];
      }
      const username = f?.username === undefined ? user.username : f.username || null;
      const isProvider = f?.is_provider === undefined ? user.isProvider : f.is_provider === '1';
      if (f && isProvider && !username && !errors.username) {
        errors.username = ['Choose a username: it is the address of your public booking page.'];
      }
      if (f && username && username !== user.username && !errors.username) {
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.username, username), ne(users.id, user.id)))
          .limit(1);
        if (taken) errors.username = [USERNAME_TAKEN];
      }

      let avatar: ProcessedImage | null = null;
      let cover: ProcessedImage | null = null;
      if (upload.files.avatar_upload) {
        const r = await processImage(upload.files.avatar_upload, 'avatar', AVATAR_MAX_BYTES);
        if (r.ok) avatar = r.image;
        else errors.avatar_upload = [r.message];
      }
      if (upload.files.cover_upload) {
        const r = await processImage(upload.files.cover_upload, 'profile_cover', PROFILE_COVER_MAX_BYTES);
        if (r.ok) cover = r.image;
        else errors.cover_upload = [r.message];
      }
      if (!f || Object.keys(errors).length > 0) throw validationError(errors);

      try {
        return await db.transaction(async (tx) => {
          const oldImages: string[] = [];
          let avatarImageId = user.avatarImageId;
          let coverImageId = user.coverImageId;
          if (avatar || f.remove_avatar === '1') {
            if (avatarImageId) oldImages.push(avatarImageId);
            avatarImageId = avatar ? await insertImage(tx, user.id, avatar) : null;
          }
          if (cover || f.remove_cover === '1') {
            if (coverImageId) oldImages.push(coverImageId);
            coverImageId = cover ? await insertImage(tx, user.id, cover) : null;
          }
          const [updated] = await tx
            .update(users)
            .set({
              name: f.name,
              ...(f.phone !== undefined ? { phone: f.phone || null } : {}),
              ...(f.bio !== undefined ? { bio: f.bio || null } : {}),
              ...(f.timezone !== undefined ? { timezone: f.timezone } : {}),
              ...(f.reminders !== undefined ? { reminders: f.reminders === '1' } : {}),
              username,
              isProvider,
              avatarImageId,
              coverImageId,
              updatedAt: deps.clock.now(),
            })
            .where(eq(users.id, user.id))
            .returning();
          for (const id of oldImages) await deleteImage(tx, id);
          await bumpProviderVersion(tx, user.id);
          return updated!;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_username_unique')) throw validationError({ username: [USERNAME_TAKEN] });
        throw err;
      }
    },
  };
}
