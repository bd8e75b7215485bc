import type { KeyStore } from '@agent-ledger/access';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { UnauthorizedError } from './access-errors';
import { OPEN_CALLER, setCaller } from './caller';

/**
 * The API proper (`/v1/…`) and the MCP endpoint (`/mcp`): health, the API docs and the
 * inspector's files need no key.
 */
export function isApiPath(url: string): boolean {
  return (
    url === '/v1' ||
    url.startsWith('/v1/') ||
    url.startsWith('/v1?') ||
    url === '/mcp' ||
    url.startsWith('/mcp?')
  );
}

/**
 * Sets the caller of every `/v1` request, first among the request hooks (so the rate limit can
 * count per key): keys are required when any key is active, or always when the server may not run
 * open (`openAllowed` false: bound beyond loopback). The key store is asked on each request, so a
 * key the CLI creates or revokes counts at once.
 */
export function authenticateRequests(
  app: NestFastifyApplication,
  keys: KeyStore,
  options: { openAllowed: boolean },
): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url)) return done();
    const header = request.headers.authorization;
    if (header === undefined && options.openAllowed && !keys.hasActiveKeys()) {
      setCaller(request, OPEN_CALLER);
      return done();
    }
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    const principal = secret === undefined ? undefined : keys.authenticate(secret);
    if (principal === undefined) {
      void reply.header('www-authenticate', 'Bearer realm="agent-ledger"');
      return done(new UnauthorizedError(header === undefined ? 'missing' : 'invalid'));
    }
    setCaller(request, { auth: 'keys', ...principal });
    done();
  });
}
