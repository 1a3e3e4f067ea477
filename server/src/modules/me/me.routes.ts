import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, validationError } from '../../lib/app-error.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { tooBigMessage } from '../images/index.ts';
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
    // Values are passed on as sent: the contract's schema says which field is not text.
    const body = req.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {}, files: {} };
  }
  const upload: ProfileUpload = { fields: {}, files: {} };
  const errors: Record<string, string[]> = {};
  for await (const part of unreadableAs400(() => req.parts())) {
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

/**
 * A form that is not well-formed multipart (no boundary, cut short, a broken part header) makes
 * the parser throw a bare Error: that is the client's mistake, a 400 like malformed JSON. The
 * plugin's own errors (too many parts, …) already carry their status and pass through.
 */
async function* unreadableAs400<T>(parts: () => AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* parts();
  } catch (err) {
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new AppError('bad_request', 'The form could not be read. Please send it again.');
  }
}
