import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KeyRegistry } from '@agent-ledger/access';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { runCliProcess } from './testing/run-cli-process';

/** `agent-ledger keys create | list | revoke`, as an operator runs them on a data directory. */
describe('keys', () => {
  let dataDir: string;
  const cli = (args: string[]) => runCliProcess(['keys', ...args], { DATA_DIR: dataDir });

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-cli-keys-'));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Who `secret` authenticates as, in the event store of the data directory (what a server reads). */
  const authenticate = async (secret: string) => {
    const store = new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') });
    try {
      return (await KeyRegistry.open(store)).authenticate(secret);
    } finally {
      await store.close();
    }
  };

  it('creates a key in the event store, prints its secret once, lists it without the secret, and revokes it', async () => {
    const created = cli([
      'create',
      '--tenant',
      'acme',
      '--scope',
      'read',
      '--scope',
      'write',
      '--name',
      'agent',
    ]);
    expect(created.status).toBe(0);
    const secret = created.stdout.trim();
    expect(secret).toMatch(/^alk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('shown only now');
    const keyId = secret.split('_')[1] ?? '';

    // The key works for a server on this store (the keys a server follows).
    expect(await authenticate(secret)).toMatchObject({ keyId, tenant: 'acme' });

    const listed = cli(['list', '--json']);
    const { keys } = JSON.parse(listed.stdout) as { keys: Array<Record<string, unknown>> };
    expect(keys).toEqual([
      {
        keyId,
        tenant: 'acme',
        scopes: ['read', 'write'],
        name: 'agent',
        createdAt: expect.any(String) as unknown,
        revokedAt: null,
      },
    ]);
    // The secret part (after `alk_<id>_`; it may itself hold `_`) is never listed.
    expect(listed.stdout).not.toContain(secret.slice(`alk_${keyId}_`.length));
    expect(cli(['list']).stdout).toMatch(
      new RegExp(
        `^KEY +TENANT +SCOPES +NAME +CREATED +REVOKED\\n${keyId} +acme +read,write +agent `,
      ),
    );

    expect(cli(['revoke', keyId])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining(`Revoked key ${keyId}`) as unknown,
    });
    expect(await authenticate(secret)).toBeUndefined();
  });

  it.each([
    [['create', '--tenant', 'Acme Corp', '--scope', 'read'], 'is not a tenant name'],
    [
      ['create', '--tenant', 'acme', '--scope', 'everything'],
      'Unknown scope "everything"; scopes are read, write, audit, admin, erase.',
    ],
    [['revoke', 'ffffffffffff'], 'No key "ffffffffffff"'],
  ])('%j fails in one line', (args, message) => {
    const run = cli(args);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
