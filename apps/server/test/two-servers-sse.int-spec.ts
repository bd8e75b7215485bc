import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postJson } from './testing/http-client';
import { startServer, type RunningServer } from './testing/start-server';

const message = (id: string, text: string) => ({
  id,
  sessionId: 'shared-1',
  kind: 'user_input',
  role: 'user',
  content: [{ type: 'text', text }],
});

/** Reads an SSE stream until `until` holds for what arrived, or `timeoutMs` passes. */
async function readUntil(
  url: string,
  until: (text: string) => boolean,
  timeoutMs: number,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let text = '';
  try {
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (chunk === undefined || chunk.done) break;
      text += Buffer.from(chunk.value).toString('utf8');
      if (until(text)) break;
    }
  } catch {
    // Timed out: the test says what did arrive.
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return text;
}

describe('two servers on one data directory', () => {
  let dataDir: string;
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-two-'));
    first = await startServer({ DATA_DIR: dataDir });
    second = await startServer({ DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await Promise.all([first.stop(), second.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a live transcript on one server gets the entries the other server's clients append", async () => {
    expect(
      (
        await postJson(`${first.url}/v1/sessions/shared-1/messages`, {
          messages: [message('m1', 'written through the first')],
        })
      ).status,
    ).toBe(200);
    const stream = readUntil(
      `${first.url}/v1/sessions/shared-1/transcript/stream?afterRevision=-1`,
      (text) => text.includes('written through the second'),
      8000,
    );
    // Give the stream time to open and send what it has before the other server writes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      (
        await postJson(`${second.url}/v1/sessions/shared-1/messages`, {
          messages: [message('m2', 'written through the second')],
        })
      ).status,
    ).toBe(200);
    const text = await stream;
    expect([
      text.includes('written through the first'),
      text.includes('written through the second'),
    ]).toEqual([true, true]);
  });
});
