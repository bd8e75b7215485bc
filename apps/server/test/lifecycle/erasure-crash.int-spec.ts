import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../testing/start-server';
import { filesHolding } from './erasure-testing';

/** Messages per session: enough that an erasure takes a while to kill it in the middle of. */
const TURNS = 40;
const MESSAGES_PER_TURN = 50;

describe('an erasure killed with SIGKILL at any moment', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-erasure-crash-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = (): Promise<RunningServer> => startServer({ DATA_DIR: dataDir });

  it.each([0, 3, 10, 25, 60])(
    'happened whole or not at all after a restart (killed %i ms after the request)',
    async (delayMs) => {
      const sessionId = `victim-${delayMs}`;
      const token = `CrashToken${delayMs}x7`;
      let server = await start();
      for (let turn = 0; turn < TURNS; turn += 1) {
        const messages = Array.from({ length: MESSAGES_PER_TURN }, (_, index) => ({
          id: `m${turn}-${index}`,
          sessionId,
          kind: 'user_input',
          role: 'user',
          content: `turn ${turn} message ${index} of ${token}`,
        }));
        const response = await fetch(`${server.url}/v1/sessions/${sessionId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subjectId: `subject-${delayMs}`, messages }),
        });
        expect(response.status).toBe(200);
      }
      const before = await (await fetch(`${server.url}/v1/sessions/${sessionId}/events`)).json();

      const erasing = fetch(`${server.url}/v1/sessions/${sessionId}`, { method: 'DELETE' }).catch(
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      process.kill(server.pid, 'SIGKILL');
      await erasing;

      server = await start();
      try {
        const events = await fetch(`${server.url}/v1/sessions/${sessionId}/events`);
        const transcript = await fetch(`${server.url}/v1/sessions/${sessionId}/transcript?limit=1`);
        // An interrupted erasure is finished in the background after the restart (its sessions
        // answer 404 meanwhile): its receipt is completed within moments.
        const receiptOf = async () => {
          const { erasures } = (await (await fetch(`${server.url}/v1/erasures`)).json()) as {
            erasures: Array<{ sessionIds: string[]; status: string }>;
          };
          return erasures.find((each) => each.sessionIds.includes(sessionId));
        };
        let receipt = await receiptOf();
        for (let wait = 0; receipt?.status === 'in-progress' && wait < 100; wait += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          receipt = await receiptOf();
        }
        if (events.status === 404) {
          // Whole: the journal entry was durable, the restart finished it.
          expect(transcript.status).toBe(404);
          expect(receipt?.status).toBe('completed');
          expect(filesHolding(dataDir, token)).toEqual([]);
        } else {
          // Not at all: every event is served, and no receipt names the session.
          expect(events.status).toBe(200);
          expect(await events.json()).toEqual(before);
          expect(transcript.status).toBe(200);
          expect(receipt).toBeUndefined();
        }
        // Either way, erasing now finishes with a receipt and leaves nothing behind.
        const done = await fetch(`${server.url}/v1/sessions/${sessionId}`, { method: 'DELETE' });
        expect(done.status).toBe(200);
        expect(filesHolding(dataDir, token)).toEqual([]);
      } finally {
        await server.stop();
      }
    },
  );
});
