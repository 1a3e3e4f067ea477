/**
 * Reads a form with image files (account settings, plans): multipart/form-data part by part, or
 * a JSON body with the same text fields. An oversize file becomes a field error, not a dropped
 * connection; the files' content is checked later by processImage.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../lib/app-error.ts';
import { tooBigMessage } from './images.service.ts';

export interface UploadForm<File extends string> {
  /** Form fields as received (strings from a form, anything from JSON); the contract's schema checks them. */
  fields: Record<string, unknown>;
  files: Partial<Record<File, Buffer>>;
}

/** `fileLimits` names the form's file fields with the most bytes each may have; other files are ignored. */
export async function readUploadForm<File extends string>(
  req: FastifyRequest,
  fileLimits: Record<File, number>,
): Promise<UploadForm<File>> {
  const isFileField = (name: string): name is File => Object.hasOwn(fileLimits, name);
  if (!req.isMultipart()) {
    // Values are passed on as sent: the contract's schema says which field is not text.
    const body = req.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {}, files: {} };
  }
  const upload: UploadForm<File> = { fields: {}, files: {} };
  const errors: Record<string, string[]> = {};
  for await (const part of unreadableAs400(() => req.parts())) {
    if (part.type === 'field') {
      upload.fields[part.fieldname] = String(part.value);
      continue;
    }
    const buf = await part.toBuffer().catch(() => null);
    const field = part.fieldname;
    if (!isFileField(field)) continue;
    if (!buf || part.file.truncated) errors[field] = [tooBigMessage(fileLimits[field])];
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
