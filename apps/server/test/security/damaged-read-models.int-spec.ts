import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runCliProcess } from '../../../cli/test/testing/run-cli-process';
import { postJson } from '../testing/http-client';
import { startServer } from '../testing/start-server';

/**
 * The read models are derived data: a damaged or missing file must not stop the server or the
 * CLI. The log is written through the server, then the read-model file is replaced by noise.
 */
describe('a damaged or missing read-model file', () => {
  let dataDir: string;
  const readModels = (): string => path.join(dataDir, 'read-models.sqlite');
  const damage = (): void => {
    rmSync(`${readModels()}-wal`, { force: true });
    rmSync(`${readModels()}-shm`, { force: true });
    rmSync(`${readModels()}.damaged`, { force: true });
    writeFileSync(readModels(), 'not a database '.repeat(1000));
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-damaged-'));
    const server = await startServer({ DATA_DIR: dataDir });
    const recorded = await postJson(`${server.url}/v1/sessions/d1/messages`, {
      messages: [{ id: 'm1', sessionId: 'd1', kind: 'user_input', role: 'user', content: 'hello' }],
    });
    expect(recorded.status).toEqual(200);
    await server.stop();
  }, 60_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is rebuilt from the log when the server starts, which says so', async () => {
    damage();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const transcript = await fetch(`${server.url}/v1/sessions/d1/transcript?minPosition=2`);
      expect(transcript.status).toEqual(200);
      expect(await transcript.json()).toMatchObject({ entries: [{ id: 'm1', content: 'hello' }] });
      expect(server.output()).toContain(
        `The read models at ${readModels()} were damaged (SQLITE_NOTADB: file is not a database); moved to ${readModels()}.damaged, rebuilding them from the log.`,
      );
    } finally {
      await server.stop();
    }
  });

  it('is rebuilt when missing', async () => {
    rmSync(readModels(), { force: true });
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect((await fetch(`${server.url}/v1/sessions/d1/transcript?minPosition=2`)).status).toEqual(
        200,
      );
    } finally {
      await server.stop();
    }
  });

  it('makes `verify` fail with what to do, leaving the file as it is, and `rebuild` rebuild it', () => {
    damage();
    const verify = runCliProcess(['verify'], { DATA_DIR: dataDir });
    expect(verify).toEqual({
      status: 1,
      stdout: '',
      stderr: `agent-ledger: The read models at ${readModels()} are damaged (SQLITE_NOTADB: file is not a database); the file was left as it is. Run \`DATA_DIR=${dataDir} npx agent-ledger rebuild\` (or start the server) to rebuild them from the log.\n`,
    });
    // An audit does not change what it audits.
    expect(readFileSync(readModels(), 'utf8')).toContain('not a database');
    expect(existsSync(`${readModels()}.damaged`)).toBe(false);
    const rebuild = runCliProcess(['rebuild', '--json'], { DATA_DIR: dataDir });
    expect(rebuild.status).toEqual(0);
    expect(rebuild.stderr).toEqual(
      `The read models at ${readModels()} were damaged (SQLITE_NOTADB: file is not a database); that file was moved to ${readModels()}.damaged and replaced by the rebuilt one.\n`,
    );
    expect(readFileSync(`${readModels()}.damaged`, 'utf8')).toContain('not a database');
    expect(JSON.parse(rebuild.stdout)).toMatchObject({ events: 2, position: 2 });
    expect(runCliProcess(['verify'], { DATA_DIR: dataDir })).toMatchObject({ status: 0 });
  });

  it('is checked whole by `verify --check-file`, which finds damage in pages verify does not read', () => {
    rmSync(`${readModels()}.damaged`, { force: true });
    // Pages that no read model reads: a table of noise added to the file, then overwritten.
    const db = new Database(readModels());
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    db.transaction(() => {
      for (let index = 0; index < 400; index += 1) insert.run('x'.repeat(1024));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.close();
    const descriptor = openSync(readModels(), 'r+');
    // The filler's leaf pages are the file's last ones: noise over the last 20 but one.
    writeSync(descriptor, Buffer.alloc(20 * 4096, 0xa5), 0, 20 * 4096, (pages - 21) * 4096);
    closeSync(descriptor);
    expect(runCliProcess(['verify'], { DATA_DIR: dataDir })).toMatchObject({ status: 0 });
    const checked = runCliProcess(['verify', '--check-file'], { DATA_DIR: dataDir });
    expect(checked.status).toEqual(1);
    expect(checked.stderr).toMatch(
      /^agent-ledger: The read models at .* are damaged \(SQLITE_CORRUPT: .*\); the file was left as it is\. Run `DATA_DIR=\S+ npx agent-ledger rebuild`/,
    );
    expect(existsSync(`${readModels()}.damaged`)).toBe(false);
  });
});
