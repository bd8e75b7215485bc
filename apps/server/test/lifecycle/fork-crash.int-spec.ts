import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLedgerClient } from '@agent-ledger/client';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { startServer } from '../testing/start-server';

const FORKS = 150;

async function streamLength(store: SqliteEventStore, streamName: string): Promise<number> {
  let count = 0;
  for await (const _recorded of store.readStream(streamName)) count += 1;
  return count;
}

describe('kill -9 during forks', () => {
  it('leaves each fork whole or absent, and a retry after the restart answers or makes it whole', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-fork-crash-'));
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      const ledger = createLedgerClient({ baseUrl: first.url });
      const source = ledger.session('src');
      for (let turn = 0; turn < 30; turn += 1) {
        await source.append([
          { id: `u${turn}`, role: 'user', kind: 'user_input', content: `question ${turn}` },
          {
            id: `a${turn}`,
            role: 'assistant',
            kind: 'assistant_text',
            content: `answer ${turn} ${'x'.repeat(2000)}`,
          },
        ]);
      }
      const atRevision = source.revision ?? -1;
      const answered = new Set<string>();
      const attempts = Array.from({ length: FORKS }, (_, index) =>
        ledger
          .fork('src', { sessionId: `f${index}`, atRevision })
          .then(() => answered.add(`f${index}`))
          .catch(() => undefined),
      );
      for (let wait = 0; answered.size < 1 && wait < 400; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      process.kill(first.pid, 'SIGKILL');
      await Promise.all(attempts);
      expect(answered.size).toBeGreaterThanOrEqual(1);

      const store = new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') });
      const whole = await streamLength(store, `session-${[...answered][0]}`);
      const found: string[] = [];
      try {
        for (let index = 0; index < FORKS; index += 1) {
          const streamName = `session-f${index}`;
          if ((await store.getStreamRevision(streamName)) === undefined) {
            expect(answered.has(`f${index}`)).toBe(false);
            continue;
          }
          found.push(`f${index}`);
          expect({ fork: `f${index}`, events: await streamLength(store, streamName) }).toEqual({
            fork: `f${index}`,
            events: whole,
          });
        }
      } finally {
        await store.close();
      }
      expect(found.length).toBeGreaterThanOrEqual(answered.size);
      expect(found.length).toBeLessThan(FORKS); // the kill came mid-way

      const second = await startServer({ DATA_DIR: dataDir });
      try {
        const restarted = createLedgerClient({ baseUrl: second.url });
        const expected = await restarted.modelContext('src', { format: 'ai-sdk', atRevision });
        for (let index = 0; index < FORKS; index += 1) {
          const fork = await restarted.fork('src', { sessionId: `f${index}`, atRevision });
          expect(fork.forkedFrom).toEqual({ sessionId: 'src', revision: atRevision });
          expect(fork.revision).toBe(whole - 1);
        }
        for (const sessionId of ['f0', `f${FORKS - 1}`]) {
          const context = await restarted.modelContext(sessionId, { format: 'ai-sdk' });
          expect(context.messages).toEqual(expected.messages);
        }
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
