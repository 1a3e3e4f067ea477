import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, AVATAR_MAX_BYTES, dataOf, meSchema, PROFILE_COVER_MAX_BYTES, updateMeForm } from '@slotted/contract';
import { AppError, validationError } from '../../lib/app-error.ts';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { tooBigMessage } from '../images/index.ts';
import type { ProfileUpload, meService } from './me.service.ts';

const FILE_FIELDS = { avatar_upload: AVATAR_MAX_BYTES, cover_upload: PROFILE_COVER_MAX_BYTES } as const;
const isFileField = (name: string): name is keyof typeof FILE_FIELDS => name in FILE_FIELDS;

export const meRoutes: FastifyPluginAsyncZod<{ me: ReturnType<typeof meService> }> = async (app, { me }) => {
  app.get('', { onRequest: requireUser, schema: apiSchema(apiRoutes.me, { response: { 200: dataOf(meSchema) } }) }, async (req) => ({
    data: await me.present(currentUser(req)),
  }));

  // The service checks the fields (updateMeFields) and the files by content; the schema documents the form.
  app.post('', { onRequest: requireUser, schema: apiSchema(apiRoutes.updateMe, { multipart: updateMeForm, response: { 200: dataOf(meSchema) } }) }, async (req) => {
    const updated = await me.update(currentUser(req), await readProfileUpload(req));
    return { data: await me.present(updated) };
  });
};

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
    const buf = await part.toBuffer().catch(() => null);
    const field = part.fieldname;
    if (!isFileField(field)) continue;
    if (!buf || part.file.truncated) errors[field] = [tooBigMessage(FILE_FIELDS[field])];
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
    if (err instanceof Error && 'statusCode' in err && typeof err.statusCode === 'number') throw err;
    throw new AppError('bad_request', 'The form could not be read. Please send it again.');
  }
}
