import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { KeyRegistry } from '@agent-ledger/access';
import type { ServerConfig } from '@agent-ledger/config';
import { authenticateRequests } from '../access/authenticate-requests';
import { callerOfRequest } from '../access/caller';
import { acceptBlobUploads } from '../blobs/accept-blob-uploads';
import { allowedHostNames, parseHostHeader } from './allowed-host-names';
import { checkAppendLimits } from './check-append-limits';
import { checkJsonBody } from './check-json-body';
import { checkUtf8Body } from './check-utf8-body';
import { HostNotAllowedError, OriginNotAllowedError, RateLimitedError } from './http-edge-errors';

/** The append route, whose body limit is `MAX_APPEND_BODY_BYTES`. */
export const APPEND_ROUTE = '/v1/sessions/:sessionId/messages';

/**
 * The POST routes whose body limit is `MAX_APPEND_BODY_BYTES`: the append, the import and the
 * Claude Agent SDK entries (all turn their large content into blobs before anything is appended).
 */
export const LARGE_BODY_ROUTES: ReadonlySet<string> = new Set([
  APPEND_ROUTE,
  '/v1/sessions/:sessionId/imports',
  '/v1/sessions/:sessionId/claude-code-entries',
]);

/**
 * Hardens the HTTP edge of `app` (before it listens), cheapest check first: the `Host` header
 * against the allowed names (DNS rebinding), `Origin` against the server's own and
 * `ALLOWED_ORIGINS` (cross-site requests; CORS only for those), the per-client rate limit, JSON as
 * the only body type (anything else is 415, so no HTML form can post), the body's depth and text
 * checked as it is parsed, and the append limits before validation. Security headers on every answer.
 */
export async function hardenHttp(
  app: NestFastifyApplication,
  config: ServerConfig,
  access: { keys: KeyRegistry; openAllowed: boolean },
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const hosts = allowedHostNames(config.host, config.http);
  const origins = new Set(config.http.allowedOrigins);

  fastify.addHook('onRequest', (request, _reply, done) => {
    const host = request.headers.host ?? '';
    if (hosts !== '*' && !isAllowedHost(request, host, hosts)) {
      return done(new HostNotAllowedError(host));
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin) && !isSameOrigin(origin, host)) {
      return done(new OriginNotAllowedError(origin));
    }
    done();
  });
  if (origins.size > 0) {
    // DELETE for revoking a key (`/v1/keys/:keyId`); the rest of the API is GET and POST.
    app.enableCors({
      origin: [...origins],
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      maxAge: 600,
    });
  }
  // Who is calling, before the rate limit (which counts per key) and anything else.
  authenticateRequests(app, access.keys, { openAllowed: access.openAllowed });

  // Helmet's middleware, built once: Fastify's plugin for it builds it again for every request
  // (parsing the policy's directives each time), which cost more than the headers themselves.
  const securityHeaders = helmet({
    // The server speaks plain HTTP (TLS, if any, ends at a proxy that sets its own HSTS).
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error === undefined ? undefined : asError(error)),
    );
  });
  // Swagger UI's page starts itself with one inline script: allowed by its hash, nothing else.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof payload !== 'string' || typeof type !== 'string' || !type.startsWith('text/html')) {
      return payload;
    }
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      void reply.header('content-security-policy', withInlineScriptHashes(policy, payload));
    }
    return payload;
  });
  if (config.http.rateLimitMax > 0) {
    await app.register(rateLimit, {
      max: config.http.rateLimitMax,
      timeWindow: config.http.rateLimitWindowMs,
      // Per API key when the request has one, else per client address; /health stays answerable.
      keyGenerator: (request) => {
        const keyId = callerOfRequest(request)?.keyId;
        return keyId === null || keyId === undefined ? `ip:${request.ip}` : `key:${keyId}`;
      },
      allowList: (request) => request.url === '/health' || request.url.startsWith('/health/'),
      errorResponseBuilder: (_request, context) =>
        new RateLimitedError(context.max, Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  }

  // The append and the import take larger bodies (their large tool outputs become blobs before
  // anything is appended): their body limit is MAX_APPEND_BODY_BYTES instead of MAX_BODY_BYTES.
  fastify.addHook('onRoute', (route) => {
    if (LARGE_BODY_ROUTES.has(route.url) && route.method === 'POST') {
      route.bodyLimit = Math.max(config.maxAppendBodyBytes, config.maxBodyBytes);
    }
  });

  const bodyBytes = new WeakMap<FastifyRequest, number>();
  fastify.removeAllContentTypeParsers();
  // Plain JSON.parse (keys such as `__proto__` become own properties, never prototypes), so that
  // `checkJsonBody` can refuse them by name (`ForbiddenKey`) instead of "not valid JSON".
  const parseJson = fastify.getDefaultJsonParser('ignore', 'ignore');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    bodyBytes.set(request, bytes.length);
    try {
      checkUtf8Body(bytes);
    } catch (unacceptable) {
      return done(asError(unacceptable), undefined);
    }
    void parseJson(request, bytes.toString('utf8'), (error, value) => {
      if (error !== null) return done(error, undefined);
      try {
        checkJsonBody(value, { maxDepth: config.http.maxJsonDepth });
      } catch (unacceptable) {
        return done(asError(unacceptable), undefined);
      }
      done(null, value);
    });
  });
  // The one route whose body is not JSON: a blob's bytes, streamed.
  acceptBlobUploads(fastify);
  fastify.addHook('preValidation', (request, _reply, done) => {
    const params = request.params;
    if (typeof params !== 'object' || params === null || !('sessionId' in params)) return done();
    try {
      checkAppendLimits(String(params.sessionId), request.body, bodyBytes.get(request) ?? 0, {
        maxMessages: config.http.maxMessagesPerAppend,
        blobThresholdBytes: config.blobThresholdBytes,
      });
    } catch (error) {
      return done(asError(error));
    }
    done();
  });
}

function isAllowedHost(request: FastifyRequest, host: string, names: ReadonlySet<string>): boolean {
  const { name, port } = parseHostHeader(host);
  if (!names.has(name)) return false;
  const ownPort = listeningPort(request.server.server);
  return port === undefined || ownPort === undefined || port === ownPort;
}

/** The port a server listens on, asked of the socket once (`address()` costs a system call). */
const listeningPorts = new WeakMap<object, number>();
function listeningPort(server: { address(): unknown }): number | undefined {
  const known = listeningPorts.get(server);
  if (known !== undefined) return known;
  const address = server.address();
  if (typeof address !== 'object' || address === null || !('port' in address)) return undefined;
  const port = address.port;
  if (typeof port !== 'number') return undefined;
  listeningPorts.set(server, port);
  return port;
}

function withInlineScriptHashes(policy: string, html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  if (hashes.length === 0) return policy;
  return policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
}

function isSameOrigin(origin: string, host: string): boolean {
  return origin === `http://${host}` || origin === `https://${host}`;
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
