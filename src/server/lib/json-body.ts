import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzipSync } from 'node:zlib';

/** Smaller bodies go out as they are: gzip's framing and CPU outweigh the few bytes saved. */
export const COMPRESS_FROM = 1024;

/** gzip levels: fast for a body sent once, thorough for one kept and sent many times. */
export const GZIP_ONCE = 1;
export const GZIP_KEPT = 6;

/**
 * JSON response bytes, with their gzip made at most once, on first demand. A cached page keeps
 * its JsonBody, so it is compressed once, not on every request (docs/decisions/0061). Compressed
 * on the event loop (0103): a page of 20 cards (12 KB) takes about 30 µs of CPU there, against
 * 120-200 µs handed to zlib's thread pool and back.
 */
export class JsonBody {
  private gzipped: Buffer | null = null;

  constructor(
    readonly bytes: Buffer,
    private readonly level = GZIP_ONCE,
  ) {}

  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.bytes, { level: this.level });
    return this.gzipped;
  }
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3): `gzip` or `x-gzip`, else `*`,
 * with a q-value above 0. No header means identity only.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzipQ: number | undefined;
  let anyQ: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name === 'gzip' || name === 'x-gzip') gzipQ = q;
    else if (name === '*') anyQ = q;
  }
  const q = gzipQ ?? anyQ ?? 0;
  return Number.isFinite(q) && q > 0;
}

/**
 * Sends bytes that are already the JSON of the route's response schema (written by the route's
 * serializer ahead of the reply, read-model/bodies.ts): gzipped when the client takes it and the
 * body is big enough.
 */
export function sendJsonBody(request: FastifyRequest, reply: FastifyReply, body: JsonBody | Buffer): FastifyReply {
  const json = Buffer.isBuffer(body) ? new JsonBody(body) : body;
  if (json.bytes.length < COMPRESS_FROM) return sendJson(reply, json.bytes);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return sendJson(reply, json.bytes);
  // Compressed before its header is set: an error answers plain JSON, correctly labelled.
  const gzipped = json.gzip();
  return sendJson(reply.header('content-encoding', 'gzip'), gzipped);
}

const sendJson = (reply: FastifyReply, bytes: Buffer) => reply.type('application/json; charset=utf-8').send(bytes);
