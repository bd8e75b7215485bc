import { mkdirSync } from 'node:fs';
import { Command } from 'commander';
import {
  KeyRegistry,
  KeyRequestError,
  SCOPES,
  migrateLegacyKeys,
  type ApiKeyRecord,
} from '@agent-ledger/access';
import { createEventStore, loadServerConfig } from '@agent-ledger/config';
import type { EventStore } from '@agent-ledger/event-store';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { openLedger } from '../ledger/open-ledger';
import { formatTable } from '../render/format-table';

interface CreateFlags {
  tenant: string;
  scope: string[];
  name?: string;
  json?: boolean;
}

/**
 * `keys create | list | revoke`: the API keys kept in the event store the environment names
 * (`EVENT_STORE`, `DATA_DIR`, `EVENTSTORE_CONNECTION_STRING`), in its stream `ledger-keys`. Every
 * server on that store follows the stream: a key made or revoked here holds on each within a
 * second, with no restart. This is also how an operator gets back into a server whose keys were
 * all revoked (it stays closed): `keys create` against its store.
 */
export function keysCommand(io: CliIo): Command {
  const keys = new Command('keys').description(
    'Create, list and revoke the API keys kept in the event store (every server on it follows them; the secret is printed once, at creation).',
  );
  keys
    .command('create')
    .description('Create a key of a tenant with the given scopes; prints its secret once.')
    .requiredOption('--tenant <tenant>', 'the tenant whose sessions the key reads and writes')
    .requiredOption(
      '--scope <scope>',
      `a scope (${SCOPES.join(', ')}); repeat for several`,
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--name <name>', 'who or what holds the key')
    .option('--json', 'print { key, secret } as JSON')
    .action((flags: CreateFlags) =>
      withKeyRegistry(io, true, async (registry) => {
        const { key, secret } = await registry.create({
          tenant: flags.tenant,
          scopes: flags.scope,
          ...(flags.name === undefined ? {} : { name: flags.name }),
        });
        if (flags.json === true) {
          io.stdout.write(`${JSON.stringify({ key, secret }, null, 2)}\n`);
          return;
        }
        io.stdout.write(`${secret}\n`);
        io.stderr.write(
          `Created key ${key.keyId} of tenant ${key.tenant} (${key.scopes.join(', ')}). The secret above is shown only now: send it as "Authorization: Bearer <secret>".\n`,
        );
      }),
    );
  keys
    .command('list')
    .description('List the keys (never their secrets), newest first, revoked ones marked.')
    .option('--tenant <tenant>', "only this tenant's keys")
    .option('--json', 'print { keys } as JSON')
    .action((flags: { tenant?: string; json?: boolean }) =>
      withKeyRegistry(io, false, (registry) => {
        const listed = registry.list(flags.tenant);
        io.stdout.write(
          flags.json === true
            ? `${JSON.stringify({ keys: listed }, null, 2)}\n`
            : `${renderKeys(listed)}\n`,
        );
      }),
    );
  keys
    .command('revoke')
    .description(
      'Revoke a key by its id: every server on this event store refuses it within a second.',
    )
    .argument('<keyId>', 'the id `keys list` shows')
    .action((keyId: string) =>
      withKeyRegistry(io, false, async (registry) => {
        const revoked = await registry.revoke(keyId, { by: { via: 'cli' } });
        if (revoked === undefined) {
          throw new CliError(`No key "${keyId}": \`agent-ledger keys list\` shows the keys.`);
        }
        io.stdout.write(
          `Revoked key ${revoked.keyId} of tenant ${revoked.tenant} (${revoked.revokedAt}).\n`,
        );
      }),
    );
  return keys;
}

function renderKeys(keys: readonly ApiKeyRecord[]): string {
  if (keys.length === 0) return '(no keys: the server runs open, on loopback only)';
  return formatTable(
    ['KEY', 'TENANT', 'SCOPES', 'NAME', 'CREATED', 'REVOKED'],
    keys.map((key) => [
      key.keyId,
      key.tenant,
      key.scopes.join(','),
      key.name ?? '',
      key.createdAt,
      key.revokedAt ?? '',
    ]),
  );
}

/**
 * Runs `action` on the keys of the configured event store (a store that does not exist yet is
 * created for `create`, so that the first key can be made before the first start), after
 * copying in the keys of an earlier version's `DATA_DIR/keys.sqlite` (idempotent).
 */
function withKeyRegistry(
  io: CliIo,
  create: boolean,
  action: (registry: KeyRegistry) => unknown,
): Promise<void> {
  return (async () => {
    const env = io.env ?? process.env;
    const config = loadServerConfig(env);
    const ledger = openLedger(env);
    let store: EventStore | undefined;
    try {
      if (create && config.eventStore === 'sqlite') {
        mkdirSync(config.dataDir, { recursive: true });
        store = await createEventStore(config);
      } else {
        store = await ledger.store();
      }
      const registry = await KeyRegistry.open(store);
      await migrateLegacyKeys(registry, config.dataDir);
      await action(registry);
    } catch (error) {
      if (error instanceof KeyRequestError) throw new CliError(error.message);
      if (error instanceof CliError) throw error;
      throw new CliError(
        `Cannot reach the keys of the event store (EVENT_STORE=${config.eventStore}, DATA_DIR=${config.dataDir}): ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      await ledger.close();
      if (create && config.eventStore === 'sqlite') await store?.close();
    }
  })();
}
