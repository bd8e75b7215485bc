import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openFreshReadModelFile, rebuildingPrefix } from './fresh-read-model-file';
import { openReadModelDatabase } from './open-read-model-database';

describe('openFreshReadModelFile', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'fresh-read-models-'));
    file = path.join(folder, 'read-models.sqlite');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** An old read-model file in use: a table `old_rows`, its last rows still in its WAL. */
  function oldFile(): Database.Database {
    const db = openReadModelDatabase(file, { check: 'header' });
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE old_rows (n INTEGER)');
    db.prepare('INSERT INTO old_rows (n) VALUES (?)').run(1);
    return db;
  }

  /** The files builds left beside the read models' file. */
  function buildFiles(): string[] {
    const prefix = path.basename(rebuildingPrefix(file));
    return readdirSync(folder).filter((name) => name.startsWith(prefix));
  }

  function tables(at: string): string[] {
    const db = new Database(at, { readonly: true, fileMustExist: true });
    try {
      return db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all() as string[];
    } finally {
      db.close();
    }
  }

  it('builds apart, then puts the file in place in WAL mode; the old file and its WAL are gone', () => {
    const old = oldFile();
    old.close();
    const fresh = openFreshReadModelFile(file);
    expect(fresh.db.pragma('journal_mode', { simple: true })).toBe('memory');
    fresh.db.exec('CREATE TABLE new_rows (n INTEGER); INSERT INTO new_rows VALUES (2)');
    // Until it is in place, the file in use is the old one.
    expect(tables(file)).toContain('old_rows');
    expect(fresh.replace()).toBeUndefined();
    expect(fresh.db.open).toBe(false);
    expect(buildFiles()).toEqual([]);
    const db = openReadModelDatabase(file);
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT n FROM new_rows').pluck().all()).toEqual([2]);
      expect(tables(file)).not.toContain('old_rows');
    } finally {
      db.close();
    }
  });

  it('never lets the old file’s WAL, left by a process that stopped, be applied to the new file', () => {
    const old = oldFile();
    // The WAL as a process that was killed would have left it (closing removes it).
    copyFileSync(`${file}-wal`, path.join(folder, 'saved-wal'));
    old.close();
    copyFileSync(path.join(folder, 'saved-wal'), `${file}-wal`);
    const fresh = openFreshReadModelFile(file);
    fresh.db.exec('CREATE TABLE new_rows (n INTEGER); INSERT INTO new_rows VALUES (2)');
    fresh.replace();
    const db = new Database(file, { fileMustExist: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
      expect(tables(file)).toEqual(expect.arrayContaining(['new_rows']));
      expect(tables(file)).not.toContain('old_rows');
    } finally {
      db.close();
    }
  });

  it('leaves the file in use as it was when the build is discarded', () => {
    oldFile().close();
    const fresh = openFreshReadModelFile(file);
    fresh.db.exec('CREATE TABLE new_rows (n INTEGER)');
    fresh.discard();
    expect(buildFiles()).toEqual([]);
    expect(tables(file)).toContain('old_rows');
    expect(tables(file)).not.toContain('new_rows');
  });

  it('removes what interrupted builds left, and replaces a damaged or missing file in use', () => {
    // A process that has ended: no pid is this large on Linux (its limit is 2^22).
    const dead = `${rebuildingPrefix(file)}99999999-0badf00d`;
    writeFileSync(dead, 'left by a build that was stopped');
    writeFileSync(`${dead}-journal`, 'and its journal');
    writeFileSync(file, 'not a database at all, not even its header');
    const fresh = openFreshReadModelFile(file);
    expect(buildFiles()).toHaveLength(1);
    fresh.db.exec('CREATE TABLE new_rows (n INTEGER)');
    // Found damaged as it was retired: kept aside for a look, and said.
    expect(fresh.replace()).toEqual({
      path: file,
      movedTo: `${file}.damaged`,
      reason: 'SQLITE_NOTADB: file is not a database',
    });
    expect(readFileSync(`${file}.damaged`, 'utf8')).toContain('not a database');
    expect(tables(file)).toContain('new_rows');
    expect(buildFiles()).toEqual([]);
    rmSync(file);
    const again = openFreshReadModelFile(path.join(folder, 'new-folder', 'read-models.sqlite'));
    again.replace();
    expect(tables(path.join(folder, 'new-folder', 'read-models.sqlite'))).toContain(
      'rm_checkpoints',
    );
  });

  it('leaves the file of a build whose process still runs', () => {
    // The parent process (the test runner's) runs while this test does.
    const running = `${rebuildingPrefix(file)}${process.ppid}-00c0ffee`;
    writeFileSync(running, 'being built by another process');
    openFreshReadModelFile(file).discard();
    expect(buildFiles()).toEqual([path.basename(running)]);
  });

  it('lets two builds at once each put a whole file in place, the last one staying', () => {
    const first = openFreshReadModelFile(file);
    const second = openFreshReadModelFile(file);
    first.db.exec('CREATE TABLE first_rows (n INTEGER)');
    second.db.exec('CREATE TABLE second_rows (n INTEGER)');
    first.replace();
    expect(tables(file)).toContain('first_rows');
    second.db.exec('INSERT INTO second_rows VALUES (1)');
    second.replace();
    expect(tables(file)).toContain('second_rows');
    expect(tables(file)).not.toContain('first_rows');
    expect(buildFiles()).toEqual([]);
  });
});
