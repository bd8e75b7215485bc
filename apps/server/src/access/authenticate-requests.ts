import type { KeyRegistry } from '@agent-ledger/access';
import { StoreUnavailableError } from '@agent-ledger/event-store';
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
 * count per key). Keys are required once any key was ever created in the store (revoking every
 * key leaves the server closed, never open), and always when the server may not run open
 * (`openAllowed` false: bound beyond loopback). The keys are the event store's, followed by the
 * registry: a key id not known here yet (made through another node a moment ago) is looked up in
 * the store before the request is refused; until the keys were read once, `/v1` answers 503.
 */
export function authenticateRequests(
  app: NestFastifyApplication,
  keys: KeyRegistry,
  options: { openAllowed: boolean },
): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    if (!keys.loaded) {
      await keys.refresh().catch(() => undefined);
      if (!keys.loaded) {
        throw new StoreUnavailableError(
          'the API keys (stream ledger-keys) have not been read yet, so no request can be authenticated',
        );
      }
    }
    const header = request.headers.authorization;
    if (header === undefined && options.openAllowed && !keys.requiresKeys()) {
      setCaller(request, OPEN_CALLER);
      return;
    }
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    if (secret !== undefined && keys.namesUnknownKey(secret)) {
      // One read shared by every request waiting on it; a store that does not answer refuses.
      await keys.refresh().catch(() => undefined);
    }
    const principal = secret === undefined ? undefined : keys.authenticate(secret);
    if (principal === undefined) {
      void reply.header('www-authenticate', 'Bearer realm="agent-ledger"');
      throw new UnauthorizedError(header === undefined ? 'missing' : 'invalid');
    }
    setCaller(request, { auth: 'keys', ...principal });
  });
}
