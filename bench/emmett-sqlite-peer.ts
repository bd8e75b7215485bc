import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EventToAppend } from '@agent-ledger/event-store';

/** The nearest peer, `@event-driven-io/emmett-sqlite`, reduced to what the benchmark uses. */
export interface EmmettSqlitePeer {
  version: string;
  append(streamName: string, events: readonly EventToAppend[]): Promise<void>;
  /** Reads one stream; returns how many events it read. */
  readStream(streamName: string): Promise<number>;
  /** Reads every message by global position in batches; returns how many it read. */
  readAll(): Promise<number>;
}

type Loaded = { peer: EmmettSqlitePeer } | { unavailable: string };

/**
 * Loads emmett-sqlite for the database file `path`, from this repository's `node_modules` or from
 * the folder in `BENCH_PEER_DIR` (a scratch `npm install` beside the repo), and says why when it
 * cannot: it is not a dependency of this repository, and its `sqlite3` dependency either downloads
 * a prebuilt binary or compiles SQLite from source when installed.
 */
export function loadEmmettSqlite(path: string): Loaded {
  const from = process.env.BENCH_PEER_DIR ?? join(__dirname, '..');
  const requireFrom = createRequire(join(from, 'package.json'));
  let module: unknown;
  let version: unknown;
  try {
    module = requireFrom('@event-driven-io/emmett-sqlite');
    const entry = requireFrom.resolve('@event-driven-io/emmett-sqlite');
    const manifest: unknown = JSON.parse(
      readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'),
    );
    version =
      typeof manifest === 'object' && manifest !== null && 'version' in manifest
        ? manifest.version
        : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { unavailable: `@event-driven-io/emmett-sqlite could not be loaded (${reason})` };
  }
  const api = readApi(module);
  if (api === undefined) return { unavailable: 'emmett-sqlite does not export the expected API' };
  return { peer: adapt(api, path, typeof version === 'string' ? version : 'unknown') };
}

interface EmmettApi {
  getSQLiteEventStore(options: { fileName: string }): {
    appendToStream(streamName: string, events: unknown[]): Promise<unknown>;
    readStream(streamName: string): Promise<{ events: unknown[] }>;
  };
  sqliteConnection(options: { fileName: string }): { close(): void };
  readMessagesBatch(
    connection: unknown,
    options: { after: bigint; batchSize: number },
  ): Promise<{ messages: unknown[]; currentGlobalPosition: bigint; areEventsLeft: boolean }>;
}

function readApi(module: unknown): EmmettApi | undefined {
  if (typeof module !== 'object' || module === null) return undefined;
  const names = ['getSQLiteEventStore', 'sqliteConnection', 'readMessagesBatch'];
  // The names are checked as functions just above; their signatures are emmett's documented ones.
  return names.every((name) => typeof (module as Record<string, unknown>)[name] === 'function')
    ? (module as EmmettApi)
    : undefined;
}

function adapt(api: EmmettApi, path: string, version: string): EmmettSqlitePeer {
  const store = api.getSQLiteEventStore({ fileName: path });
  return {
    version,
    append: async (streamName, events) => {
      await store.appendToStream(
        streamName,
        events.map(({ type, data, metadata }) => ({ type, data, metadata })),
      );
    },
    readStream: async (streamName) => (await store.readStream(streamName)).events.length,
    readAll: async () => {
      const connection = api.sqliteConnection({ fileName: path });
      let count = 0;
      let after = 0n;
      for (;;) {
        const batch = await api.readMessagesBatch(connection, { after, batchSize: 1000 });
        count += batch.messages.length;
        after = batch.currentGlobalPosition;
        if (!batch.areEventsLeft || batch.messages.length === 0) break;
      }
      connection.close();
      return count;
    },
  };
}
