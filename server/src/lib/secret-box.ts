/**
 * Secrets at rest (D17): AES-256-GCM under a 32-byte key from configuration. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; the tag makes a tampered or wrongly keyed value fail
 * to open instead of giving garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
