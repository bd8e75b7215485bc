import Database from 'better-sqlite3';
import { WrongExpectedRevisionError } from '../errors';
import { collect, newEvent, newEvents } from '../testing/contract-helpers';
import { GroupCommit } from './group-commit';
import { SqliteEventStore } from './sqlite-event-store';
import { temporaryFolder, type TemporaryFolder } from './sqlite-store-fixture';

describe('GroupCommit', () => {
  let db: Database.Database;
  let commits: number;
  let group: GroupCommit;
  const insert = (value: string) =>
    db.transaction(() => {
      db.prepare('INSERT INTO rows (value) VALUES (?)').run(value);
      if (value.startsWith('bad')) throw new Error(`refused ${value}`);
      return { result: value, written: true };
    });
  const stored = () =>
    db
      .prepare('SELECT value FROM rows ORDER BY id')
      .all()
      .map((row) => (row as { value: string }).value);

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT NOT NULL)');
    commits = 0;
    group = new GroupCommit(db, () => (commits += 1));
  });
  afterEach(() => db.close());

  it('commits the writes of one turn together, in order, each failing alone', async () => {
    const outcomes = await Promise.allSettled([
      group.submit('s', insert('a')),
      group.submit('s', insert('bad-b')),
      group.submit('s', insert('c')),
    ]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: new Error('refused bad-b') },
      { status: 'fulfilled', value: 'c' },
    ]);
    expect(stored()).toEqual(['a', 'c']);
    expect(commits).toBe(1);
  });

  it('settles nothing before the commit', async () => {
    let settled = false;
    const write = group.submit('s', insert('a')).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(db.inTransaction).toBe(false);
    await write;
    expect(settled).toBe(true);
  });

  it('rejects every write of the batch when SQLite rolls the whole transaction back', async () => {
    const rollingBack = db.transaction(() => {
      db.exec('ROLLBACK');
      return { result: 'never', written: true };
    });
    const outcomes = await Promise.allSettled([
      group.submit('s', insert('a')),
      group.submit('s', rollingBack),
      group.submit('s', insert('c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(stored()).toEqual([]);
    expect(commits).toBe(0);
  });

  it('runs a read asked for after queued writes inside their commit, seeing them', async () => {
    const write = group.submit('s', insert('a'));
    const read = group.read('s', () => stored());
    expect(await read).toEqual(['a']);
    await write;
  });

  it('runs a read of another stream at once, without waiting for the commit', async () => {
    const write = group.submit('s', insert('a'));
    const read = group.read('t', () => stored());
    expect(await read).toEqual([]);
    await write;
    expect(await group.read(null, () => stored())).toEqual(['a']);
  });
});

describe('SqliteEventStore group commit', () => {
  let folder: TemporaryFolder;
  let store: SqliteEventStore;
  beforeEach(() => {
    folder = temporaryFolder();
    store = new SqliteEventStore({ path: folder.file('events.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    folder.remove();
  });

  it('checks each concurrent append against its own expected revision', async () => {
    await store.append('order-1', newEvents('Placed', 2));
    const outcomes = await Promise.allSettled([
      store.append('order-1', [newEvent('Shipped')], { expectedRevision: 1 }),
      store.append('order-1', [newEvent('Cancelled')], { expectedRevision: 1 }),
      store.append('order-2', [newEvent('Placed')], { expectedRevision: 'no_stream' }),
    ]);
    expect(outcomes[0]).toEqual({
      status: 'fulfilled',
      value: { nextExpectedRevision: 2, position: 3 },
    });
    expect(outcomes[1]).toMatchObject({ status: 'rejected' });
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(outcomes[2]).toEqual({
      status: 'fulfilled',
      value: { nextExpectedRevision: 0, position: 4 },
    });
    expect((await collect(store.readStream('order-1'))).map((event) => event.type)).toEqual([
      'Placed',
      'Placed',
      'Shipped',
    ]);
  });

  it('reads an append that was not awaited', async () => {
    const appended = store.append('order-1', [newEvent('Placed')]);
    expect(await store.getStreamRevision('order-1')).toBe(0);
    expect(await collect(store.readStream('order-1'))).toHaveLength(1);
    await appended;
  });

  it('commits queued appends before it closes', async () => {
    const appended = store.append('order-1', [newEvent('Placed')]);
    await store.close();
    await appended;
    store = new SqliteEventStore({ path: folder.file('events.sqlite') });
    expect(await store.getStreamRevision('order-1')).toBe(0);
  });
});
