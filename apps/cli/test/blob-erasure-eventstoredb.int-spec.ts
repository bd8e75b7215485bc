import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import { DEFAULT_TENANT, sessionKeyOf } from '@agent-ledger/events';
import { EventStoreDbBlobStore } from '@agent-ledger/eventstoredb';
import { startEsdbEmulator, type EsdbEmulator } from '@agent-ledger/eventstoredb/testing';
import { recordThroughServer } from './testing/record-through-server';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * `agent-ledger <args>` as a child process, without blocking this one: the emulator it talks to
 * runs here.
 */
function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', './scripts/ts-register.js', 'apps/cli/src/main.ts', ...args],
      { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env } },
    );
    let output = '';
    child.stdout.on('data', (piece: Buffer) => (output += piece.toString('utf8')));
    child.stderr.on('data', (piece: Buffer) => (output += piece.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  await Promise.resolve();
  yield Buffer.from(text);
}

describe('the CLI erasure on EventStoreDB (the emulator)', () => {
  let emulator: EsdbEmulator;
  let folder: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    emulator = await startEsdbEmulator();
    folder = mkdtempSync(path.join(tmpdir(), 'agent-ledger-cli-esdb-'));
    env = {
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: emulator.connectionString,
      CONTENT_KEYS_PATH: path.join(folder, 'content-keys.sqlite'),
      DATA_DIR: path.join(folder, 'data'),
    };
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('shreds the blobs only the erased session referred to', async () => {
    await recordThroughServer(
      async (post) => {
        for (const sessionId of ['cli-erased', 'cli-kept']) {
          await post(`${sessionId}/messages`, {
            subjectId: `subject-${sessionId}`,
            messages: [{ id: 'm1', sessionId, kind: 'user_input', role: 'user', content: 'hi' }],
          });
        }
      },
      env['DATA_DIR'],
      env,
    );
    const keys = new SqliteContentKeyStore({ path: env['CONTENT_KEYS_PATH'] ?? '' });
    const blobs = new EventStoreDbBlobStore({ connectionString: emulator.connectionString, keys });
    const key = (sessionId: string) => sessionKeyOf(DEFAULT_TENANT, sessionId);
    const put = (text: string, sessionId: string) =>
      blobs.put(DEFAULT_TENANT, bytesOf(text), {
        mediaType: 'text/plain',
        sessionKey: key(sessionId),
      });
    try {
      const own = await put('CliErasedBlobToken '.repeat(100), 'cli-erased');
      const shared = await put('CliSharedBlobToken '.repeat(100), 'cli-erased');
      await blobs.addReference(DEFAULT_TENANT, shared.sha256, key('cli-kept'));

      const run = await runCli(['erase', 'cli-erased', '--json'], env);
      expect(run.status).toBe(0);
      expect(run.output).toMatch(/"blobsDeleted": 1\b/);

      expect(await blobs.stat(DEFAULT_TENANT, own.sha256)).toBeUndefined();
      expect(await blobs.isReferencedBy(DEFAULT_TENANT, shared.sha256, key('cli-kept'))).toBe(true);
      expect(await blobs.isReferencedBy(DEFAULT_TENANT, shared.sha256, key('cli-erased'))).toBe(
        false,
      );
    } finally {
      await blobs.close();
      await keys.close();
    }
  }, 300_000);
});
