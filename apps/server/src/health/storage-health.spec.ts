import { tmpdir } from 'node:os';
import {
  noteDamagedData,
  noteStorageFull,
  noteStorageWritable,
  storageHealth,
} from './storage-health';

// One module state per test file: the cases run in order, each from what the last one left.
describe('storageHealth', () => {
  it('is ok on a disk with room and no refused write', () => {
    expect(storageHealth(tmpdir())).toMatchObject({
      status: 'ok',
      freeBytes: expect.any(Number) as unknown,
    });
  });

  it('is degraded after a write refused for a full disk, until a write succeeds', () => {
    const now = Date.now();
    noteStorageFull(now);
    expect(storageHealth(tmpdir(), now + 1000)).toMatchObject({
      status: 'degraded',
      reason: expect.stringContaining('full') as unknown,
    });
    noteStorageWritable();
    expect(storageHealth(tmpdir(), now + 2000).status).toBe('ok');
  });

  it('forgets a refused write after five minutes without one', () => {
    const now = Date.now();
    noteStorageFull(now);
    expect(storageHealth(tmpdir(), now + 5 * 60_000 + 1).status).toBe('ok');
  });

  it('ignores errors that are not damage, and stays degraded after SQLite reports a damaged file', () => {
    noteStorageWritable();
    noteDamagedData(new Error('some other failure'));
    expect(storageHealth(tmpdir()).status).toBe('ok');
    noteDamagedData(
      Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }),
    );
    expect(storageHealth(tmpdir())).toMatchObject({
      status: 'degraded',
      reason: expect.stringContaining('damaged') as unknown,
    });
  });
});
