import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/availability';
import { AppError, unavailable } from '../errors';
import { serializeError } from '../lib/log';

interface Issue {
  path: string;
  message: string;
}

function zodIssues(error: ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

function badRequestBody(issues: Issue[]) {
  return { message: issues[0]?.message ?? 'Invalid request', issues };
}

/**
 * Maps every error to one JSON shape `{ message, issues? }`. Validation failures are 400 with the
 * first human message; AppErrors use their code's status; anything unknown is a 500 that says no more.
 * A 5xx is logged with its route; a failed query only with the driver's code and message, never
 * its parameters (lib/log.ts), whatever serializers the logger has.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((thrown: FastifyError | AppError | ZodError, request, reply) => {
      // A database that cannot be reached is a 503, logged once per outage by the health plugin.
      const refused = thrown instanceof AppError && thrown.status < 500;
      const err = !refused && isDatabaseUnavailable(thrown) ? unavailable() : thrown;
      if (err instanceof AppError) {
        if (err.status >= 500 && err.code !== 'UNAVAILABLE') request.log.error({ err: serializeError(err), route: routeOf(request) }, err.message);
        return reply.code(err.status).headers(err.headers).send({ message: err.message });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues = err.validation.map((v) => ({
          path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
          message: v.message ?? 'Invalid value',
        }));
        return reply.code(400).send(badRequestBody(issues));
      }
      if (err instanceof ZodError) {
        return reply.code(400).send(badRequestBody(zodIssues(err)));
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ message: clientMessage(err, status) });
      }
      request.log.error({ err: serializeError(err), route: routeOf(request) }, 'unhandled error');
      return reply.code(500).send({ message: 'Internal Server Error' });
    });
  },
  { name: 'errors' },
);

/** 'PATCH /api/posts/:id/status': the route's pattern, never the URL with its ids and query. */
function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
}

/** Fastify's own 4xx (bad JSON, body too large, wrong content type) in plain words. */
function clientMessage(err: FastifyError, status: number): string {
  switch (err.code) {
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
