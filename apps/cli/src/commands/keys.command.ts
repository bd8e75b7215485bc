import { mkdirSync } from 'node:fs';
import { Command } from 'commander';
import { KeyRequestError, KeyStore, SCOPES, type ApiKeyRecord } from '@agent-ledger/access';
import { loadServerConfig } from '@agent-ledger/config';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { formatTable } from '../render/format-table';

interface CreateFlags {
  tenant: string;
  scope: string[];
  name?: string;
  json?: boolean;
}

/**
 * `keys create | list | revoke`: the API keys of the data directory (`DATA_DIR/keys.sqlite`),
 * which a running server reads on every request, so a key works, or stops working, at once.
 */
export function keysCommand(io: CliIo): Command {
  const keys = new Command('keys').description(
    'Create, list and revoke the API keys of the server on DATA_DIR (the secret is printed once, at creation).',
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
      withKeyStore(io, true, (store) => {
        const { key, secret } = store.create({
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
      withKeyStore(io, false, (store) => {
        const listed = store.list(flags.tenant);
        io.stdout.write(
          flags.json === true
            ? `${JSON.stringify({ keys: listed }, null, 2)}\n`
            : `${renderKeys(listed)}\n`,
        );
      }),
    );
  keys
    .command('revoke')
    .description('Revoke a key by its id: every server on this DATA_DIR refuses it from now on.')
    .argument('<keyId>', 'the id `keys list` shows')
    .action((keyId: string) =>
      withKeyStore(io, false, (store) => {
        const revoked = store.revoke(keyId);
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

function withKeyStore(
  io: CliIo,
  create: boolean,
  action: (store: KeyStore) => void,
): Promise<void> {
  return Promise.resolve().then(() => {
    const config = loadServerConfig(io.env ?? process.env);
    if (create) mkdirSync(config.dataDir, { recursive: true });
    let store: KeyStore;
    try {
      store = KeyStore.open(config.dataDir);
    } catch (error) {
      throw new CliError(
        `Cannot open the keys of DATA_DIR=${config.dataDir}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    try {
      action(store);
    } catch (error) {
      if (error instanceof KeyRequestError) throw new CliError(error.message);
      throw error;
    } finally {
      store.close();
    }
  });
}
