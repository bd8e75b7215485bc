import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { truncateDataDirWals } from './truncate-data-dir-wals';
import { truncateWalPatiently, WalNotTruncatedError } from './truncate-wal-patiently';

describe('truncateWalPatiently', () => {
  let dir: string;
  let file: string;
  let writer: Database.Database;
  let reader: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-wal-'));
    file = path.join(dir, 'store.sqlite');
    writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.pragma('secure_delete = ON');
    writer.exec('CREATE TABLE t (text TEXT)');
    writer.prepare('INSERT INTO t VALUES (?)').run('SecretToken42');
    reader = new Database(file);
  });
  afterEach(() => {
    reader.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const walBytes = (): number => statSync(`${file}-wal`).size;

  it('waits while a reader holds an old snapshot, then leaves the WAL empty', async () => {
    // The reader's open statement pins a snapshot from before the delete.
    const rows = reader.prepare('SELECT text FROM t').iterate();
    rows.next();
    writer.prepare('DELETE FROM t').run();
    let done = false;
    const truncating = truncateWalPatiently(file, { retryDelayMs: 5 }).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    expect(walBytes()).toBeGreaterThan(0);
    rows.return?.();
    await truncating;
    expect(walBytes()).toBe(0);
    expect(readFileSync(file).includes('SecretToken42')).toBe(false);
  });

  it('rejects with WalNotTruncated when the reader never lets go', async () => {
    const rows = reader.prepare('SELECT text FROM t').iterate();
    rows.next();
    writer.prepare('DELETE FROM t').run();
    await expect(truncateWalPatiently(file, { timeoutMs: 60, retryDelayMs: 5 })).rejects.toThrow(
      WalNotTruncatedError,
    );
    rows.return?.();
  });

  it('truncates every WAL directly under a data directory', async () => {
    writer.prepare('DELETE FROM t').run();
    expect(walBytes()).toBeGreaterThan(0);
    await truncateDataDirWals(dir);
    expect(walBytes()).toBe(0);
  });
});
