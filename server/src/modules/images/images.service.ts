/**
 * Uploaded images are untrusted: the format is sniffed from the bytes (never the name), the
 * pixel count is capped, and the picture is re-encoded to WebP, which also strips metadata.
 */
import type Sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { images } from '../../db/schema.ts';

export type ImageKind = 'avatar' | 'profile_cover' | 'plan_cover';

const SHAPES: Record<ImageKind, { width: number; height: number }> = {
  avatar: { width: 512, height: 512 },
  profile_cover: { width: 1600, height: 300 },
  plan_cover: { width: 1600, height: 900 },
};
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  mime: 'image/webp';
}

export type ImageCheck = { ok: true; image: ProcessedImage } | { ok: false; message: string };

/**
 * sharp (libvips) is imported on first use: about 15 MB that a server nobody uploads a picture to
 * never loads. Node keeps the module once imported.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}

export function tooBigMessage(maxBytes: number): string {
  return `That image is too big—max size is ${Math.round(maxBytes / 1024 / 1024)} MB.`;
}

export async function processImage(input: Buffer, kind: ImageKind, maxBytes: number): Promise<ImageCheck> {
  if (input.length > maxBytes) return { ok: false, message: tooBigMessage(maxBytes) };
  const notAnImage = { ok: false as const, message: 'Please choose a WebP, JPG or PNG image.' };
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) return notAnImage;
    const { width, height } = SHAPES[kind];
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, height, fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, image: { bytes: data, width: info.width, height: info.height, mime: 'image/webp' } };
  } catch {
    return notAnImage;
  }
}

export async function insertImage(tx: Db | Tx, ownerId: string | null, image: ProcessedImage): Promise<string> {
  const [row] = await tx
    .insert(images)
    .values({ ownerId, ...image })
    .returning({ id: images.id });
  if (!row) throw new Error('INSERT … RETURNING answers the inserted row');
  return row.id;
}

export async function deleteImage(tx: Db | Tx, id: string): Promise<void> {
  await tx.delete(images).where(eq(images.id, id));
}

export async function findImage(db: Db, id: string) {
  const [row] = await db.select({ bytes: images.bytes, mime: images.mime }).from(images).where(eq(images.id, id)).limit(1);
  return row ?? null;
}

export function imageUrl(id: string | null): string | null {
  return id ? `/images/${id}` : null;
}
