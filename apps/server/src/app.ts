import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { ERROR_CODES, findBadText, type ApiEnvelope, INPUT_MESSAGES, jsonDepth, SLUG_MAX } from '@nhasach/shared';
import type { Config } from './config.ts';
import { queryRows, type Database, type Db } from './db/client.ts';
import { registerCompression } from './lib/compression.ts';
import { registerRequestLogging } from './lib/request-logging.ts';
import { registerClosingGate } from './lib/shutdown.ts';
import { corsOptions } from './lib/cors.ts';
import { runGuardsFirst } from './lib/guards.ts';
import { AppError } from './lib/errors.ts';
import { envelope, isEnvelope } from './lib/envelope.ts';
import { createTokenSigner, type TokenSigner } from './lib/jwt.ts';
import { createLimitStore, type LimitStore } from './lib/limit-store.ts';
import { docsCsp, registerSecurityHeaders } from './lib/security-headers.ts';
import { SERVICE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './lib/unavailable.ts';
import { fieldErrorsFromZod, fieldLabel } from './lib/validation.ts';
import { createServices, registerModules, type Services } from './modules/index.ts';
import { ownOrigin } from './modules/payments/index.ts';
import { publicMediaUrls } from './modules/media/index.ts';
import { seoPlugin } from './modules/seo/index.ts';
import { responseComponents, responseDoc } from './openapi/responses.ts';

z.config(z.locales.vi());

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    tokens: TokenSigner;
    /** Present when REDIS_URL is set: shared rate limits and caches across instances. */
    redis?: Redis;
    /** The request limits' counters (lib/limit-store.ts): Redis when configured and answering, else in-process. */
    limitStore: LimitStore;
    /**
     * The services of this app (modules/index.ts, createServices), set here only. Modules get what they use as
     * plugin options; these handles are for what stands outside the modules: the health checks, the SEO pages,
     * the seed and the tests.
     */
    mailer: Services['mailer'];
    media: Services['media'];
    catalog: Services['catalog'];
    orderProcess: Services['orderProcess'];
    payments: Services['payments'];
    shipping: Services['shipping'];
  }
  interface FastifyContextConfig {
    /** Wrap this route's answers in the envelope even outside /api (PUT /users/change-password). */
    envelope?: boolean;
    /** Send this route's answers as they are, even under /api (the VNPAY IPN answers exactly {RspCode, Message}). */
    rawResponse?: boolean;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Paths under /api whose bodies are not enveloped (the OpenAPI document and Swagger UI assets). */
const rawPrefixes = ['/api/docs'];

type Check = { status: 'ok' | 'down' | 'degraded' | 'off'; error?: string };

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

async function check(run: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(run(), 2000);
    return { status: 'ok' };
  } catch (err) {
    return { status: 'down', error: err instanceof Error ? err.message : String(err) };
  }
}

async function readinessChecks(app: FastifyInstance): Promise<Record<'database' | 'redis' | 'storage', Check>> {
  const [database, redis, storage] = await Promise.all([
    check(() => queryRows(app.db, sql`select 1`)),
    app.redis ? check(() => app.redis!.ping()) : Promise.resolve<Check>({ status: 'off' }),
    check(() => app.media.storage.check()),
  ]);
  // Redis only helps (shared limit counters, revoked sessions, cache announcements): without it this instance
  // still serves, counting limits in process, so it is 'degraded', never a reason to leave the load balancer,
  // which would otherwise drop every instance at once. 'off' means not configured.
  return { database, redis: redis.status === 'down' ? { ...redis, status: 'degraded' } : redis, storage };
}

/** Deepest JSON body accepted: no request of the API nests more than a few levels. */
export const JSON_MAX_DEPTH = 32;

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // Secrets never reach the logs: tokens, cookies, passwords and OTPs are redacted.
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
                '*.password',
                '*.newPassword',
                '*.oldPassword',
                '*.confirmPassword',
                '*.otp',
                '*.token',
                '*.accessToken',
              ],
              censor: '[redacted]',
            },
          },
    // Off by default: a client could otherwise pick its own address (X-Forwarded-For) for the rate limits,
    // the logs and VNPAY's vnp_IpAddr. Behind a reverse proxy TRUST_PROXY names it.
    // A hop count is what proxy-addr does for a number (Fastify's types only list the other forms).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A path parameter may be a whole slug (up to 200 characters): past find-my-way's default of 100 a book's
    // page and /api/v1/books/slug/{slug} would answer 414.
    routerOptions: { maxParamLength: 2 * SLUG_MAX },
    // Request ids: a well-formed x-request-id from the load balancer is kept (one id across the hops), else a
    // UUID; pino logs it with every line of the request as reqId, and it is echoed in the x-request-id header.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false } },
    // Request lines go to debug (lib/request-logging.ts): info keeps errors and business events.
    logController: new LogController({ disableRequestLogging: true }),
    // Closing requests are answered by registerClosingGate (enveloped, in Vietnamese), not by Fastify.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // First of all hooks: once closing, new requests are refused at once (lib/shutdown.ts).
  registerClosingGate(app);
  registerRequestLogging(app);

  // Every answer, errors included, names its request: a user's report of an error finds its log lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', createTokenSigner(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS));
  database.onConnectionError((err) => app.log.warn({ err }, 'database connection lost; the pool reconnects on the next query'));
  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, {
      lazyConnect: false,
      // While Redis is down a command fails at once instead of waiting in the offline queue, so the limits
      // built on it fail open without delaying the request; ioredis keeps reconnecting in the background.
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    let redisDown = false;
    redis.on('error', (err) => {
      // One line per outage, not one per reconnect attempt.
      if (!redisDown) app.log.warn({ err }, 'redis unavailable: request limits count in this process until it is back');
      redisDown = true;
    });
    redis.on('ready', () => {
      if (redisDown) app.log.info('redis reachable again');
      redisDown = false;
    });
    app.decorate('redis', redis);
    // Commands are not queued while disconnected, so wait (a little) for the first connection before serving.
    app.addHook('onReady', async () => {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, 3_000);
        redis.once('ready', done);
      });
    });
    app.addHook('onClose', async () => {
      redisDown = true; // closing is not an outage: no warning for it
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }

  app.decorate('limitStore', createLimitStore(app.redis, app.log));

  // An empty body with a JSON content type (refresh, logout) is an empty object, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new AppError(400, ERROR_CODES.badRequest, 'Dữ liệu JSON không hợp lệ.'), undefined);
    }
    if (jsonDepth(value, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) return done(new AppError(400, ERROR_CODES.badRequest, INPUT_MESSAGES.jsonTooDeep), undefined);
    done(null, value);
  });

  // The strict input layer's floor (docs/decisions.md, Strict input): no string of a path, query or body may hold
  // NUL, another control character but tab and line breaks, or a lone surrogate, whatever the route's schema says.
  // PostgreSQL refuses them (NUL in text, \ud800 in jsonb), so they would fail as 500s deep in a write.
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findBadText(value);
      if (path) {
        const field = path.map(String).join('.') || context;
        const message = `${fieldLabel(String(path[path.length - 1] ?? context))} ${INPUT_MESSAGES.badCharacters}`;
        throw new AppError(400, ERROR_CODES.validation, message, [{ field, message }]);
      }
    }
  });

  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(cors, corsOptions(config));
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: 'nhasach-rl:' } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, ERROR_CODES.tooManyRequests, `Bạn thao tác quá nhanh. Vui lòng thử lại sau ${Math.ceil(ctx.ttl / 1000)} giây.`, undefined, {
        retryAfterSeconds: Math.ceil(ctx.ttl / 1000),
      }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Nhà Sách API', version: '1.0.0', description: 'API of the Nhà Sách online bookstore.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: responseComponents },
    },
    // Each route's answer is described from openapi/responses.json (generated from the handlers' return types), in the
    // document only: a response schema on the route itself would make Fastify drop every field it does not name.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
      const response = responseDoc(methods[0] ?? 'GET', input.url, input.route.config?.rawResponse === true);
      return response ? { ...out, schema: { ...out.schema, response } } : out;
    },
  });
  // The document is always built (tests read app.swagger()); the UI and /api/docs/json are served only when wanted.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: docsCsp(config) });

  // Image URLs are absolute in every answer (modules/media/public-urls.ts): one door for every DTO.
  const absoluteMedia = publicMediaUrls(config.PUBLIC_URL);
  app.addHook('preSerialization', async (request, reply, payload) => {
    const isApi = request.url.startsWith('/api') && !rawPrefixes.some((p) => request.url.startsWith(p));
    if (!isApi && request.routeOptions.config.envelope !== true) return payload;
    if (request.routeOptions.config.rawResponse === true) return payload;
    if (isEnvelope(payload)) {
      const body = payload as ApiEnvelope<unknown>;
      const data = absoluteMedia(body.data);
      return data === body.data ? payload : envelope(body.statusCode, data, body.message, body.error);
    }
    return envelope(reply.statusCode, absoluteMedia(payload ?? null));
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const data = error.fields || error.details ? { ...(error.fields ? { fields: error.fields } : {}), ...error.details } : null;
      return reply.status(error.statusCode).send(envelope(error.statusCode, data, error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrorsFromZod(
        // The provider puts the issue path in instancePath ('/a/0/b') and the Zod message in message.
        error.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? '' })),
        error.validationContext,
      );
      return reply
        .status(400)
        .send(envelope(400, { fields }, fields[0]?.message ?? 'Dữ liệu không hợp lệ.', ERROR_CODES.validation));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(envelope(503, null, SERVICE_UNAVAILABLE_MESSAGE, ERROR_CODES.serviceUnavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(envelope(500, null, 'Đã có lỗi xảy ra. Vui lòng thử lại sau.', ERROR_CODES.internal));
    }
    if (status === 413) {
      return reply.status(413).send(envelope(413, null, 'Dữ liệu gửi lên quá lớn.', ERROR_CODES.badRequest));
    }
    if (status === 415) {
      return reply.status(415).send(envelope(415, null, 'Định dạng dữ liệu không được hỗ trợ.', ERROR_CODES.badRequest));
    }
    if (status === 429) {
      return reply.status(429).send(envelope(429, null, 'Bạn thao tác quá nhanh. Vui lòng thử lại sau.', ERROR_CODES.tooManyRequests));
    }
    return reply.status(status).send(envelope(status, null, 'Yêu cầu không hợp lệ.', ERROR_CODES.badRequest));
  });

  app.get('/api/health', { schema: { tags: ['system'], summary: 'Liveness and database check' } }, async () => {
    await queryRows(database.db, sql`select 1`);
    return { status: 'ok', database: database.kind };
  });
  // Liveness: the process answers (a load balancer or orchestrator restarts it otherwise). No dependency is checked,
  // so a database outage does not make every instance restart at once.
  app.get('/api/health/live', { schema: { tags: ['system'], summary: 'Liveness: the process answers' } }, async () => ({ status: 'ok' }));
  // Readiness: this instance can serve (database, media storage); 503 takes it out of the load balancer until it
  // recovers. Redis down is reported as degraded with a 200 (readinessChecks).
  app.get('/api/health/ready', { schema: { tags: ['system'], summary: 'Readiness: database, Redis, media storage' } }, async (_request, reply) => {
    const checks: Record<string, Check> = await readinessChecks(app);
    // A new instance builds its search index first (with a ceiling): searches from the database under the
    // build's load would be slow (docs/decisions.md, "Search a bookseller would sign").
    if (!app.catalog.searchIndexReady()) checks.searchIndex = { status: 'down', error: 'search index being built' };
    const ready = Object.values(checks).every((c) => c.status !== 'down');
    const degraded = Object.values(checks).some((c) => c.status === 'degraded');
    if (!ready) reply.status(503);
    const searchIndex = app.catalog.searchIndexStats();
    // Listings are answered by the database until the listing index is built: it does not hold readiness back.
    const listingIndex = app.catalog.listingIndexStats();
    const status = !ready ? 'unavailable' : degraded ? 'degraded' : 'ok';
    const message = !ready ? 'Máy chủ chưa sẵn sàng phục vụ.' : degraded ? 'Sẵn sàng phục vụ (một dịch vụ phụ đang gián đoạn).' : 'Sẵn sàng phục vụ.';
    return envelope(ready ? 200 : 503, { status, checks, searchIndex, listingIndex }, message, ready ? null : ERROR_CODES.serviceUnavailable);
  });

  // Every guard runs before the body is parsed and validated (a guest's bad body to a signed-in route is a 401).
  runGuardsFirst(app);
  const services = createServices({ config, database, log: app.log, ownOrigin: () => ownOrigin(app) });
  app.decorate('mailer', services.mailer);
  app.decorate('media', services.media);
  app.decorate('catalog', services.catalog);
  app.decorate('orderProcess', services.orderProcess);
  app.decorate('payments', services.payments);
  app.decorate('shipping', services.shipping);
  await registerModules(app, services);

  const webDist = config.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const serveSpa = config.isProduction && existsSync(path.join(webDist, 'index.html'));
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // '/' is a page with its own head (seoPlugin), not the bare index.html.
      index: false,
      // The build wrote .br and .gz beside each text file (vite-plugin-compression2): sent as the client accepts.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed build assets never change; index.html must always be revalidated.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // robots.txt, sitemaps, and the public pages' titles, descriptions and structured data before any script runs.
  await app.register(seoPlugin, { webDist: serveSpa ? webDist : undefined });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || !serveSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(envelope(404, null, 'Không tìm thấy đường dẫn.', ERROR_CODES.notFound));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
