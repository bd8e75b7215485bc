import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * A store closed while its write worker is still starting (a server stopped just after its first
 * writes) must finish closing: the worker's "ready" once let the process end first, so whatever
 * the shutdown still had to do never ran. Only a process of its own shows it (Jest keeps its own
 * event loop alive).
 */
describe('SqliteEventStore.close while the write worker starts', () => {
  it('finishes closing when two writes that meet started the worker', () => {
    const options = '{ workerStartDelayMs: 0 }';
    const writes = 2;
    const dir = mkdtempSync(path.join(tmpdir(), 'close-starting-'));
    try {
      const script = `
        const { SqliteEventStore } = require('@agent-ledger/event-store');
        const store = new SqliteEventStore({ path: ${JSON.stringify(path.join(dir, 'events.sqlite'))}, ...${options} });
        const ids = Array.from({ length: ${writes} }, (_, i) => '00000000-0000-4000-8000-00000000000' + (i + 1));
        Promise.all(ids.map((id, i) => store.append('s-' + i, [{ id, type: 'Noted', data: {} }])))
          .then(() => store.close())
          .then(() => console.log('closed'));
      `;
      const output = execFileSync(
        process.execPath,
        ['-r', path.join(root, 'scripts', 'ts-register.js'), '-e', script],
        { cwd: root, encoding: 'utf8', timeout: 30_000 },
      );
      expect(output.trim()).toBe('closed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
