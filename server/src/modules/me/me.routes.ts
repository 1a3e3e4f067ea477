import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { validationError } from '../../lib/http-error.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { tooBigMessage } from '../images/images.service.ts';
import type { ProfileUpload, meService } from './me.service.ts';
import { AVATAR_MAX_BYTES, PROFILE_COVER_MAX_BYTES } from '@slotted/contract';

const FILE_FIELDS = { avatar_upload: AVATAR_MAX_BYTES, cover_upload: PROFILE_COVER_MAX_BYTES } as const;

export function meRoutes(app: FastifyInstance, deps: { me: ReturnType<typeof meService> }): void {
  app.get('/api/me', { onRequest: requireUser }, async (req) => {
    const user = currentUser(req);
    return { data: await deps.me.present(user) };
  });

  app.post('/api/me', { onRequest: requireUser }, async (req) => {
    const user = currentUser(req);
    const upload = await readProfileUpload(req);
    const updated = await deps.me.update(user, upload);
    return { data: await deps.me.present(updated) };
  });
}

/** Reads the multipart form; an oversize file becomes a field error, not a dropped connection. */
async function readProfileUpload(req: FastifyRequest): Promise<ProfileUpload> {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    return { fields: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), files: {} };
  }
  const upload: ProfileUpload = { fields: {}, files: {} };
  const errors: Record<string, string[]> = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      upload.fields[part.fieldname] = String(part.value);
      continue;
    }
    const file = part as MultipartFile;
    const buf = await file.toBuffer().catch(() => null);
    if (!(file.fieldname in FILE_FIELDS)) continue;
    const field = file.fieldname as keyof typeof FILE_FIELDS;
    if (!buf || file.file.truncated) errors[field] = [tooBigMessage(FILE_FIELDS[field])];
    else if (buf.length > 0) upload.files[field] = buf;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return upload;
}
