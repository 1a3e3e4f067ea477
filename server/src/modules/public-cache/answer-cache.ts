/**
 * Finished public answers (profile, slots) kept in memory per provider generation, with their
 * ETag and compressed bytes made once: a hit sends them without a database round trip
 * (docs/decisions/0017-pushed-provider-changes.md).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderChanges } from './provider-changes.ts';

/** Below it compression costs more than it saves (the app's compression threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** One serialised answer with its tag; compressed copies are made on the first request for them. */
export class Answer {
  readonly etag: string;
  private br?: Buffer;
  private gzip?: Buffer;

  constructor(
    readonly body: string,
    readonly type = 'application/json; charset=utf-8',
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  /** The bytes for this request's Accept-Encoding, and their encoding (null: as is). */
  encoded(acceptEncoding: string | undefined): { encoding: 'br' | 'gzip' | null; bytes: string | Buffer } {
    if (this.body.length < COMPRESS_FROM_BYTES || !acceptEncoding) return { encoding: null, bytes: this.body };
    if (accepts(acceptEncoding, 'br')) {
      // Quality 4: @fastify/compress's default, close to the best size at a small part of the time.
      this.br ??= brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      return { encoding: 'br', bytes: this.br };
    }
    if (accepts(acceptEncoding, 'gzip')) {
      this.gzip ??= gzipSync(this.body);
      return { encoding: 'gzip', bytes: this.gzip };
    }
    return { encoding: null, bytes: this.body };
  }
}

function accepts(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name?.trim() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/**
 * Sends `answer` with its ETag, or 304 when the client already has it. `compressed`: send the
 * answer's own compressed bytes (made once, for answers that are kept), else @fastify/compress
 * compresses this one send.
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: Answer, compressed = true) {
  // Varies with the signed-in viewer (is_mine, their bookings): only the browser may keep it, and
  // must ask again each time; the ETag makes asking again cheap.
  reply.header('ETag', answer.etag).header('Cache-Control', 'private, no-cache');
  if (etagMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  if (!compressed) return reply.type(answer.type).send(answer.body);
  const { encoding, bytes } = answer.encoded(req.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding');
  // An encoded body is left alone by @fastify/compress.
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.type(answer.type).send(bytes);
}

interface Entry {
  providerId: string;
  generation: number;
  validUntil: number;
  answer: Answer;
}

/** What a miss builds: the answer's provider and its serialised body. */
export interface Built {
  providerId: string;
  body: string;
}

/**
 * Answers by key (what the request asked, and who asked), valid while their provider's
 * generation stays and, for answers that move with the clock, until `validUntil`.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /**
   * `maxBytes` bounds memory (a 180-day slots answer is 358 kB): past it the least recently stored
   * answers are dropped. An answer counts as 1.5 times its text, for its compressed copies.
   */
  constructor(
    private readonly changes: ProviderChanges,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry.answer);
  }

  /** The kept answer, or one built now (and kept when nothing of its provider changed while it was built). */
  async get(key: string, now: number, build: () => Promise<Built>, lifetimeMs = Infinity): Promise<Answer> {
    const entry = this.entries.get(key);
    if (entry && entry.validUntil > now && this.changes.generation(entry.providerId) === entry.generation) return entry.answer;
    const mark = this.changes.mark();
    const built = await build();
    const answer = new Answer(built.body);
    const generation = mark === null ? null : this.changes.since(mark, built.providerId);
    this.drop(key);
    if (generation !== null && sizeOf(answer) <= this.maxBytes) {
      this.entries.set(key, { providerId: built.providerId, generation, validUntil: now + lifetimeMs, answer });
      this.bytes += sizeOf(answer);
      // The oldest first: a Map iterates in insertion order.
      for (const oldest of this.entries.keys()) {
        if (this.bytes <= this.maxBytes) break;
        this.drop(oldest);
      }
    }
    return answer;
  }
}

const sizeOf = (answer: Answer) => answer.body.length * 1.5;

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
