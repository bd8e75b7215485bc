import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { claudeCodeSessionReading } from '@agent-ledger/interchange/testing';
import { startServer, type RunningServer } from '../testing/start-server';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** About `size` bytes of source text, its lines numbered so that no two are alike. */
function sourceFile(size: number): string {
  const lines: string[] = [];
  for (let line = 1, length = 0; length < size; line += 1) {
    const text = `export const value${line} = computeSomething(${line}, 'a string literal'); // 数据 ${line}`;
    lines.push(text);
    length += Buffer.byteLength(text) + 1;
  }
  return `${lines.join('\n')}\n`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What `DATA_DIR/blobs.sqlite` holds: the blobs, and the bytes of their chunks. */
function blobFile(dataDir: string): { contents: number; chunkBytes: number } {
  const database = new Database(path.join(dataDir, 'blobs.sqlite'), { readonly: true });
  try {
    const contents = database.prepare('SELECT count(*) AS n FROM blob_contents').get() as {
      n: number;
    };
    const chunks = database
      .prepare('SELECT coalesce(sum(length(bytes)), 0) AS bytes FROM blob_chunks')
      .get() as { bytes: number };
    return { contents: contents.n, chunkBytes: chunks.bytes };
  } finally {
    database.close();
  }
}

/** The `output`s of a session's `ToolResultRecorded` events. */
async function toolOutputs(server: RunningServer, sessionId: string): Promise<unknown[]> {
  const response = await fetch(`${server.url}/v1/sessions/${sessionId}/events?limit=1000`);
  const page = (await response.json()) as {
    events: Array<{ type: string; data: { content: Array<{ output: unknown }> } }>;
  };
  return page.events
    .filter((event) => event.type === 'ToolResultRecorded')
    .flatMap((event) => event.data.content.map((part) => part.output));
}

describe('a Claude Code import keeps large tool results as blobs', () => {
  const fileText = sourceFile(300 * 1024);
  const fileBytes = Buffer.byteLength(fileText);
  const session = claudeCodeSessionReading({
    sessionId: 'cc-reads-ten-times',
    filePath: 'src/big.ts',
    fileText,
    reads: 10,
  });

  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ READ_MODEL_WAIT_MS: '3000' });
  }, 120_000);
  afterAll(() => server.stop());

  it('stores a file read ten times once, and every result refers to it (POST …/imports)', async () => {
    const response = await fetch(`${server.url}/v1/sessions/cc-reads-ten-times/imports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'claude-code', content: session }),
    });
    if (response.status !== 200) throw new Error(await response.text());

    const outputs = await toolOutputs(server, 'cc-reads-ten-times');
    expect(outputs).toHaveLength(10);
    for (const output of outputs) {
      expect(output).toMatchObject({
        type: 'blob',
        as: 'text',
        blob: { sha256: sha256(fileText), size: fileBytes, textLength: fileText.length },
      });
    }
    const stored = blobFile(server.dataDir);
    expect(stored.contents).toBe(1);
    expect(stored.chunkBytes).toBeGreaterThanOrEqual(fileBytes);
    expect(stored.chunkBytes).toBeLessThan(2 * fileBytes);

    const blob = await fetch(
      `${server.url}/v1/sessions/cc-reads-ten-times/blobs/${sha256(fileText)}`,
    );
    expect(await blob.text()).toBe(fileText);
  });

  it('a second import appends nothing and stores nothing more', async () => {
    const response = await fetch(`${server.url}/v1/sessions/cc-reads-ten-times/imports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'claude-code', content: session }),
    });
    const body = (await response.json()) as { sessions: Array<{ appended: number }> };
    expect(body.sessions.map((imported) => imported.appended)).toEqual([0]);
    expect(blobFile(server.dataDir)).toEqual({ contents: 1, chunkBytes: fileBytes });
  });

  it('the CLI import stores the file once in the DATA_DIR it writes', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-cli-import-'));
    try {
      const file = path.join(dataDir, 'cc-reads-ten-times.jsonl');
      writeFileSync(file, session);
      const run = spawnSync(
        process.execPath,
        [
          '-r',
          path.join(root, 'scripts', 'ts-register.js'),
          path.join(root, 'apps', 'cli', 'src', 'main.ts'),
          'import',
          '--from',
          'claude-code',
          file,
        ],
        { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(blobFile(dataDir)).toEqual({ contents: 1, chunkBytes: fileBytes });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
