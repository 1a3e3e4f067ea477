/**
 * ETags of public answers: a hash of the exact bytes sent, so the tag changes whenever anything in
 * the answer does (a slot taken, "now" moving past a slot, a viewer's own booking), and a repeat
 * request for unchanged data costs a 304 with no body.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sends `body` (serialised JSON, or `type`) with its ETag, or 304 when the client already has it. */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, body: string, type = 'application/json; charset=utf-8') {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  // Varies with the signed-in viewer (is_mine, their bookings): only the browser may keep it, and
  // must ask again each time; the ETag makes asking again cheap.
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
