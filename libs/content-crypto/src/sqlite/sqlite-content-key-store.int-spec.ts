import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentKeyStoreConfigError, ContentKeyUnknownError } from '../errors';
import { SqliteContentKeyStore } from './sqlite-content-key-store';

describe('SqliteContentKeyStore', () => {
  let folder: string;
  let file: string;
  const opened: SqliteContentKeyStore[] = [];
  const open = (options: { masterKey?: Buffer } = {}): SqliteContentKeyStore => {
    const store = new SqliteContentKeyStore({ path: file, ...options });
    opened.push(store);
    return store;
  };
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'content-keys-'));
    file = path.join(folder, 'content-keys.sqlite');
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Every byte of the key file and its WAL, as one buffer. */
  const filesBytes = (): Buffer =>
    Buffer.concat(
      [file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFileSync(name)),
    );

  it('gives a stream one current key, the same from another connection, and finds it by id', async () => {
    const keys = open();
    const key = await keys.currentKeyOf('session-s1');
    expect(key.material).toHaveLength(32);
    expect(await keys.currentKeyOf('session-s1')).toEqual(key);
    expect((await keys.currentKeyOf('session-s2')).id).not.toBe(key.id);
    const other = open();
    expect(await other.currentKeyOf('session-s1')).toEqual(key);
    expect(await other.keyById(key.id)).toEqual({ state: 'found', key });
  });

  it('refuses a key id it never had, rather than calling it destroyed', async () => {
    await expect(open().keyById('no-such-key')).rejects.toBeInstanceOf(ContentKeyUnknownError);
  });

  it('destroys every key of a stream, idempotently, and leaves no copy in its files', async () => {
    const keys = open();
    const key = await keys.currentKeyOf('session-s1');
    const kept = await keys.currentKeyOf('session-s2');
    expect(filesBytes().includes(key.material)).toBe(true);
    expect(await keys.isShredded('session-s1')).toBe(false);

    expect(await keys.destroyKeysOf('session-s1')).toBe(1);
    expect(await keys.destroyKeysOf('session-s1')).toBe(0);
    expect(await keys.destroyKeysOf('session-never')).toBe(0);

    expect(await keys.keyById(key.id)).toEqual({ state: 'destroyed' });
    expect(await keys.isShredded('session-s1')).toBe(true);
    expect(await keys.isShredded('session-never')).toBe(false);
    expect(filesBytes().includes(key.material)).toBe(false);
    expect(filesBytes().includes(kept.material)).toBe(true);
    // The stream written again gets a new key.
    const next = await keys.currentKeyOf('session-s1');
    expect(next.id).not.toBe(key.id);
    expect(await keys.isShredded('session-s1')).toBe(false);
  });

  it('makes a connection that cached a key forget it once another destroyed it', async () => {
    const writer = open();
    const reader = open();
    const key = await writer.currentKeyOf('session-s1');
    expect(await reader.keyById(key.id)).toEqual({ state: 'found', key });
    await writer.destroyKeysOf('session-s1');
    expect(await reader.keyById(key.id)).toEqual({ state: 'destroyed' });
    expect((await reader.currentKeyOf('session-s1')).id).not.toBe(key.id);
  });

  it('wraps keys with a master key, and refuses at open a missing or wrong one', async () => {
    const masterKey = randomBytes(32);
    const keys = open({ masterKey });
    const key = await keys.currentKeyOf('session-s1');
    expect(filesBytes().includes(key.material)).toBe(false);
    await keys.close();
    expect(await open({ masterKey }).keyById(key.id)).toEqual({ state: 'found', key });
    expect(() => open()).toThrow(ContentKeyStoreConfigError);
    expect(() => open({ masterKey: randomBytes(32) })).toThrow(/not the master key/);
  });
});
