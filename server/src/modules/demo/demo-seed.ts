/**
 * First run (DESIGN.md D10): on an empty database, a demo provider at /demo so a newcomer sees
 * a working product at once. Its pictures are drawn here, so nothing is downloaded.
 */
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertImage, processImage } from '../images/images.service.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_USERNAME = 'demo';

const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#14b8a6"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#g)"/>
<circle cx="256" cy="190" r="70" fill="#fff" fill-opacity=".92"/>
<path d="M116 420c30-90 90-130 140-130s110 40 140 130" fill="none" stroke="#fff" stroke-opacity=".92" stroke-width="44" stroke-linecap="round"/>
</svg>`;

const COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="300">
<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#312e81"/><stop offset=".55" stop-color="#4f46e5"/><stop offset="1" stop-color="#0d9488"/></linearGradient></defs>
<rect width="1600" height="300" fill="url(#s)"/>
<path d="M0 220 C 250 150, 450 290, 800 210 S 1350 140, 1600 200 V300 H0Z" fill="#fff" fill-opacity=".12"/>
<path d="M0 250 C 300 200, 500 300, 900 245 S 1400 210, 1600 240 V300 H0Z" fill="#fff" fill-opacity=".14"/>
<circle cx="1320" cy="90" r="46" fill="#fde68a" fill-opacity=".85"/>
</svg>`;

async function drawn(svg: string, kind: 'avatar' | 'profile_cover') {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const result = await processImage(png, kind, Number.MAX_SAFE_INTEGER);
  if (!result.ok) throw new Error(`demo image failed: ${result.message}`);
  return result.image;
}

/** Seeds the demo provider when the database has no users at all. Returns whether it did. */
export async function seedDemoIfEmpty(db: Db, clock: Clock): Promise<boolean> {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) > 0) return false;
  const avatar = await drawn(AVATAR_SVG, 'avatar');
  const cover = await drawn(COVER_SVG, 'profile_cover');
  await db.transaction(async (tx) => {
    const now = clock.now();
    const [demo] = await tx
      .insert(users)
      .values({
        email: DEMO_EMAIL,
        name: 'Harbour Yoga & Movement',
        username: DEMO_USERNAME,
        isProvider: true,
        timezone: 'Europe/Madrid',
        phone: '+34 600 123 456',
        bio: 'A small, friendly studio by the sea. Vinyasa and yin classes for every level, 1:1 mobility sessions and personal training. Bring nothing but yourself: mats, blocks and straps are on us.',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!demo) return;
    const avatarId = await insertImage(tx, demo.id, avatar);
    const coverId = await insertImage(tx, demo.id, cover);
    await tx.update(users).set({ avatarImageId: avatarId, coverImageId: coverId }).where(eq(users.id, demo.id));
  });
  return true;
}


