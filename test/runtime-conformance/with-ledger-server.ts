import { createLedgerClient, type LedgerClient } from '@agent-ledger/client';
import { startServer, type RunningServer } from '../../apps/server/test/testing/start-server';

/** What a conformance spec works with once its `beforeAll` has run. */
export interface LedgerServerSetup {
  readonly server: RunningServer;
  /** The server's base URL. */
  readonly url: string;
  /** A typed client of the server (no key: the server runs open on loopback). */
  readonly client: LedgerClient;
}

/**
 * The real ledger server the runtime-conformance specs drive their provider stand-ins against,
 * as Jest hooks of the calling `describe`: started in `beforeAll` (on a fresh `DATA_DIR`),
 * stopped in `afterAll`. Hooks the spec registers after this call run after the start.
 */
export function withLedgerServer(): LedgerServerSetup {
  let server: RunningServer | undefined;
  let client: LedgerClient | undefined;
  beforeAll(async () => {
    server = await startServer();
    client = createLedgerClient({ baseUrl: server.url });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The ledger server did not start: beforeAll failed.');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get url() {
      return started(server).url;
    },
    get client() {
      return started(client);
    },
  };
}
