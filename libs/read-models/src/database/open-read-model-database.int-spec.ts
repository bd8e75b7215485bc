import {
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  openReadModelDatabase,
  ReadModelFileDamagedError,
  type ReadModelDamage,
} from './open-read-model-database';

describe('openReadModelDatabase on a damaged file', () => {
  let folder: string;
  let file: string;
  let damages: ReadModelDamage[];
  const onDamaged = (damage: ReadModelDamage): void => {
    damages.push(damage);
  };

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'read-model-db-'));
    file = path.join(folder, 'read-models.sqlite');
    damages = [];
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** A database with a table of `rows` rows of 1 KiB, checkpointed into the main file and closed. */
  function writeDatabase(rows: number): void {
    const db = openReadModelDatabase(file, { onDamaged });
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    db.transaction(() => {
      for (let index = 0; index < rows; index += 1) insert.run('x'.repeat(1024));
    })();
    db.prepare("INSERT INTO rm_checkpoints VALUES ('filler', '1', 42)").run();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }

  it('replaces a file that is not a database, keeps it aside and says so', () => {
    writeFileSync(file, 'this is not a database '.repeat(400));
    const db = openReadModelDatabase(file, { onDamaged });
    expect(db.prepare('SELECT count(*) AS n FROM rm_checkpoints').get()).toEqual({ n: 0 });
    db.close();
    expect(damages).toEqual([
      {
        path: file,
        movedTo: `${file}.damaged`,
        reason: 'SQLITE_NOTADB: file is not a database',
      },
    ]);
    expect(readFileSync(`${file}.damaged`, 'utf8')).toContain('this is not a database');
  });

  /** Pages 20–40 of 4 KiB of a 400-row database: b-tree pages of the filler table, as noise. */
  function damageTheMiddle(): void {
    writeDatabase(400);
    const descriptor = openSync(file, 'r+');
    writeSync(descriptor, Buffer.alloc(20 * 4096, 0xa5), 0, 20 * 4096, 20 * 4096);
    closeSync(descriptor);
  }

  it('replaces a file damaged in the middle (its checkpoints are gone, so the runner rebuilds)', () => {
    damageTheMiddle();
    const db = openReadModelDatabase(file, { onDamaged });
    expect(db.prepare('SELECT count(*) AS n FROM rm_checkpoints').get()).toEqual({ n: 0 });
    db.close();
    expect(damages).toHaveLength(1);
    expect(damages[0]?.reason).toMatch(/^SQLITE_CORRUPT/);
  });

  it('opens a sound file as it is, with nothing reported', () => {
    writeDatabase(10);
    const db = openReadModelDatabase(file, { onDamaged });
    expect(db.prepare('SELECT position FROM rm_checkpoints').get()).toEqual({ position: 42 });
    db.close();
    expect(damages).toEqual([]);
    expect(existsSync(`${file}.damaged`)).toBe(false);
  });

  it("with check 'header', opens a file damaged in the middle; the statement that meets the damage fails", () => {
    damageTheMiddle();
    const db = openReadModelDatabase(file, { onDamaged, check: 'header' });
    try {
      expect(db.prepare('SELECT position FROM rm_checkpoints').get()).toEqual({ position: 42 });
      let thrown: unknown;
      try {
        db.prepare('SELECT sum(length(body)) FROM filler').get();
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { code?: unknown } | undefined)?.code).toMatch(/^SQLITE_CORRUPT/);
    } finally {
      db.close();
    }
    expect(damages).toEqual([]);
  });

  it("with check 'header', still finds a file that is not a database", () => {
    writeFileSync(file, 'this is not a database '.repeat(400));
    openReadModelDatabase(file, { onDamaged, check: 'header' }).close();
    expect(damages).toEqual([
      expect.objectContaining({ reason: 'SQLITE_NOTADB: file is not a database' }),
    ]);
  });

  it("with whenDamaged 'refuse', throws and leaves the damaged file where it is", () => {
    damageTheMiddle();
    const before = readFileSync(file);
    let thrown: unknown;
    try {
      openReadModelDatabase(file, { onDamaged, whenDamaged: 'refuse' }).close();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ReadModelFileDamagedError);
    expect((thrown as ReadModelFileDamagedError).path).toBe(file);
    expect((thrown as ReadModelFileDamagedError).reason).toMatch(/^SQLITE_CORRUPT: /);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}.damaged`)).toBe(false);
    expect(damages).toEqual([]);
  });
});
