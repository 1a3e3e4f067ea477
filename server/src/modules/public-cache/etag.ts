/**
 * ETags of public answers: a hash of the exact bytes sent, so the tag changes whenever anything in
 * the answer does (a slot taken, "now" moving past a slot, a viewer's own booking), and a repeat
 * request for unchanged data costs a 304 with no body.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Answer, sendAnswer } from './answer-cache.ts';

/** Sends `body` (serialised JSON, or `type`) with its ETag, or 304 when the client already has it. */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, body: string, type = 'application/json; charset=utf-8') {
  return sendAnswer(req, reply, new Answer(body, type), false);
}
