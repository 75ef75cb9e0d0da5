import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/availability';
import { AppError, unavailable } from '../errors';
import { serializeError } from '../lib/log';
import { isForeignKeyViolation } from '../lib/pg-errors';

/** A write that named something deleted at that very moment. */
export const GONE_MEANWHILE = 'Something this needed was removed just now. Please reload the page and try again.';

/** One field's problem in a 400. */
interface FieldError {
  path: string;
  message: string;
}

/**
 * The one shape of every error answer (docs/decisions/0077): `{ message }` in words for people,
 * `errors` with each field's problem when the input was invalid, `retryAfter` (seconds, as the
 * Retry-After header) when trying again later will help.
 */
export interface ErrorBody {
  message: string;
  errors?: FieldError[];
  retryAfter?: number;
}

function send(reply: FastifyReply, status: number, message: string, opts: { headers?: Record<string, string>; errors?: FieldError[] } = {}) {
  const retry = opts.headers?.['retry-after'];
  const body: ErrorBody = { message, ...(opts.errors ? { errors: opts.errors } : {}), ...(retry ? { retryAfter: Number(retry) } : {}) };
  return reply
    .code(status)
    .headers(opts.headers ?? {})
    .send(body);
}

function invalid(reply: FastifyReply, errors: FieldError[]) {
  return send(reply, 400, errors[0]?.message ?? 'Invalid request', { errors });
}

/**
 * Every error to its answer: validation failures are 400 with the first human message; AppErrors
 * use their code's status; a database that cannot be reached is 503 with Retry-After, logged once
 * per outage by the health plugin rather than per request; anything unknown is a 500 that says no
 * more. A 5xx is logged with its route; a failed query only with the driver's code and message,
 * never its parameters (lib/log.ts). Fastify's own errors (bad URL escapes, bodies it cannot
 * read) come here too: app.ts hands them over with `frameworkErrors`.
 */
export function replyWithError(err: FastifyError | AppError | ZodError, request: FastifyRequest, reply: FastifyReply) {
  const refused = err instanceof AppError && err.status < 500;
  const error = !refused && isDatabaseUnavailable(err) ? unavailable() : err;
  if (error instanceof AppError) {
    if (error.status >= 500 && error.code !== 'UNAVAILABLE') request.log.error({ err: serializeError(error), route: routeOf(request) }, error.message);
    return send(reply, error.status, error.message, { headers: error.headers });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return invalid(
      reply,
      error.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      })),
    );
  }
  if (error instanceof ZodError) {
    return invalid(
      reply,
      error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return send(reply, status, clientMessage(error, status));
  if (isForeignKeyViolation(error)) {
    // What the write named was deleted while it was being written (a post, an account, a guest
    // session a sign-in moved): the services check first, so only a race gets here (0115).
    request.log.warn({ err: serializeError(error), route: routeOf(request) }, 'a write named a row deleted meanwhile');
    return send(reply, 409, GONE_MEANWHILE);
  }
  request.log.error({ err: serializeError(error), route: routeOf(request) }, 'unhandled error');
  return send(reply, 500, 'Internal Server Error');
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler(replyWithError);
  },
  { name: 'errors' },
);

/**
 * Requests Node's HTTP parser cannot read (a malformed request line, headers too large, too slow)
 * never reach Fastify's routing: they are answered here, on the socket, in the same shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request could not be read.'];
  const body = JSON.stringify({ message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** 'PATCH /api/posts/:id/status': the route's pattern, never the URL with its ids and query. */
function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
}

/** Fastify's own 4xx (bad JSON, body too large, wrong content type, bad URL) in plain words. */
function clientMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return 'The address of this request is not valid.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address of this request is too long.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The upload is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    default:
      if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON.';
      return status === 413 ? 'The upload is too large.' : err.message || 'Bad request';
  }
}
