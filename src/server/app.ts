import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { Database } from './db/client';
import errorsPlugin, { clientErrorHandler, replyWithError } from './plugins/errors';
import eventsPlugin from './plugins/events';
import healthPlugin from './plugins/health';
import jobsPlugin from './plugins/jobs';
import metricsPlugin from './plugins/metrics';
import readyPlugin from './plugins/ready';
import securityPlugin from './plugins/security';
import rateLimitPlugin from './plugins/rate-limit';
import sessionPlugin from './plugins/session';
import webPlugin from './plugins/web';
import storagePlugin from './storage/plugin';
import { storageFor } from './storage/from-config';
import { responseSerializerCompiler } from './lib/serializer';
import { validateWithoutNul } from './lib/validator';
import { registerModules } from './areas';
import { providersFrom, type Providers } from './modules/payments/providers/index';
import { logMethod, serializeError, urlForLog } from './lib/log';
import { requestIdMixin, requestIdOf, withRequestId } from './lib/request-id';

/** The health checks balancers and orchestrators ask for (plugins/health.ts). */
const PROBES = new Set(['/api/health', '/api/ready']);

export const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the built web app lives; tests point it elsewhere. */
  webRoot?: string;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** The payment providers; by default the ones the settings choose (tests give ones that answer recorded responses). */
  providers?: Providers;
}

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'];

/** Registers every plugin and module. Never listens: main.ts does that. */
export async function buildApp({ config, database, webRoot = WEB_ROOT, logStream, providers }: AppDeps): Promise<FastifyInstance> {
  // stdout written asynchronously (lines queued while a write is in flight go out together;
  // flushed on exit): a synchronous write per request line cost 10-25 % of a small request
  // under load (docs/decisions/0050).
  const stream = logStream ?? pino.destination({ dest: 1, sync: false });
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: REDACT,
      // Failed queries are logged without their parameters (lib/log.ts).
      serializers: { err: serializeError },
      hooks: { logMethod },
      // The request id on every line logged during a request (lib/request-id.ts), once: the
      // request's logger is the app's, not a child repeating it.
      mixin: requestIdMixin,
      stream,
    },
    childLoggerFactory: (logger) => logger,
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    // Fastify's own errors in the app's one shape (plugins/errors.ts); requests on connections
    // still open while the app closes are answered, not refused with Fastify's own 503 (drain.ts).
    frameworkErrors: replyWithError,
    clientErrorHandler,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validateWithoutNul);
  // zod checks every response in development and tests; production writes them with fast-json-stringify.
  const serializerMode = config.NODE_ENV === 'production' ? 'fast' : 'check';
  app.setSerializerCompiler(responseSerializerCompiler(serializerMode));
  // Every route as 'METHOD /path' (HEAD answers with its GET): the authorization matrix test
  // checks each has its row. onRoute hooks reach the routes of plugins registered after this.
  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push(`${method} ${route.url}`);
  });
  // Every answer names its request, as every log line about it does (X-Request-Id).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withRequestId(request.id, done);
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('pool', database.pool);
  app.decorate('sessionPool', database.sessionPool);

  // One line per request, without headers, cookies, bodies or the viewer's location. Its fields
  // are fixed and safe, so it has a logger of its own without redaction, serializers or hooks:
  // they cost 3 % of a small request's CPU (docs/decisions/0061).
  const requestLog = pino({ level: config.LOG_LEVEL }, stream);
  app.addHook('onResponse', (request, reply, done) => {
    const line = { reqId: request.id, method: request.method, url: urlForLog(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    // A balancer's probe every half second would be most of the log: its answers that say all is
    // well go to debug; a failing one stays at info (docs/decisions/0134).
    if (reply.statusCode === 200 && PROBES.has(request.url)) requestLog.debug(line, 'request');
    else requestLog.info(line, 'request');
    done();
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(healthPlugin);
  await app.register(securityPlugin);
  await app.register(jobsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(eventsPlugin);
  await app.register(sessionPlugin);

  await app.register(storagePlugin, { storage: storageFor(config) });
  await app.register(readyPlugin);
  await registerModules(app, serializerMode, providers ?? providersFrom(config));
  await app.register(webPlugin, { root: webRoot });
  return app;
}
