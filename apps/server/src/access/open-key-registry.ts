import { Logger } from '@nestjs/common';
import { KeyRegistry, migrateLegacyKeys } from '@agent-ledger/access';
import type { EventStore } from '@agent-ledger/event-store';
import type { ServerConfig } from '@agent-ledger/config';
import { startedReadOnly } from '../health/storage-health';
import type { Clock } from '../tokens';

/** How long the start waits for the first read of the keys (a store that does not answer). */
const FIRST_READ_TIMEOUT_MS = 5000;

/**
 * The server's keys: the access stream of its event store (`ledger-keys`), read once before the
 * server listens. A store that does not answer in time does not stop the start: the registry
 * stays unloaded, every `/v1` request answers 503 until `KeyFollower` reads it. Once read, the
 * keys of an earlier version's `DATA_DIR/keys.sqlite` are copied in (`migrateLegacyKeys`).
 */
export async function openKeyRegistry(
  store: EventStore,
  config: ServerConfig,
  clock: Clock,
): Promise<KeyRegistry> {
  const registry = new KeyRegistry(store, { clock });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      registry.refresh(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${FIRST_READ_TIMEOUT_MS} ms`)),
          FIRST_READ_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    new Logger('Access').warn(
      `The API keys could not be read at start (${describe(error)}); /v1 answers 503 until they are.`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (registry.loaded) await migrateOnce(registry, config);
  return registry;
}

/**
 * Copies `DATA_DIR/keys.sqlite` into the access stream (idempotent: what the stream has is left
 * out); a failure is logged, and tried again at the next start.
 */
export async function migrateOnce(registry: KeyRegistry, config: ServerConfig): Promise<void> {
  if (startedReadOnly()) return;
  try {
    const appended = await migrateLegacyKeys(registry, config.dataDir);
    if (appended > 0) {
      new Logger('Access').log(
        `Copied ${appended} key event(s) of ${config.dataDir}/keys.sqlite into the event store (ledger-keys); the file is no longer read.`,
      );
    }
  } catch (error) {
    new Logger('Access').warn(
      `The keys of ${config.dataDir}/keys.sqlite could not be copied into the event store (${describe(error)}); trying again at the next start.`,
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
