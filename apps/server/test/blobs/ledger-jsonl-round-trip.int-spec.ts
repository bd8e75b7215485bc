import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../testing/start-server';

const KiB = 1024;
const root = path.resolve(__dirname, '..', '..', '..', '..');

/** Runs `agent-ledger` on `dataDir`, as a user would. */
function cli(dataDir: string, ...args: string[]) {
  return spawnSync(
    process.execPath,
    [
      '-r',
      path.join(root, 'scripts', 'ts-register.js'),
      path.join(root, 'apps', 'cli', 'src', 'main.ts'),
      ...args,
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

/** A text of `bytes` ASCII bytes that no other test text equals. */
function textOf(seed: string, bytes: number): string {
  return `${seed}:`.repeat(Math.ceil(bytes / (seed.length + 1))).slice(0, bytes);
}

/** A binary attachment (every byte value), as base64. */
function pngishBase64(bytes: number): string {
  const data = Buffer.alloc(bytes);
  for (let index = 0; index < bytes; index += 1) data[index] = (index * 31 + 7) % 256;
  return data.toString('base64');
}

const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('export with blobs=include, imported as jsonl into another ledger', () => {
  let source: RunningServer;
  let target: RunningServer;
  let bare: RunningServer;
  const bigOutput = textOf('a long build log line', 600 * KiB);
  const image = pngishBase64(100 * KiB);

  const json = async (server: RunningServer, route: string): Promise<unknown> => {
    const response = await fetch(`${server.url}${route}`);
    expect(response.status).toBe(200);
    return response.json();
  };
  const importInto = (server: RunningServer, sessionId: string, content: string) =>
    fetch(`${server.url}/v1/sessions/${sessionId}/imports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'jsonl', content }),
    });

  beforeAll(async () => {
    [source, target, bare] = await Promise.all([startServer(), startServer(), startServer()]);
    const sessionId = 's1';
    const at = '2026-12-01T10:00:00.000Z';
    const call = (id: string) => ({
      id: `c-${id}`,
      sessionId,
      kind: 'tool_call',
      role: 'assistant',
      createdAt: at,
      content: [
        { type: 'tool-call', toolCallId: id, toolName: 'read', input: { path: 'build.log' } },
      ],
    });
    const result = (id: string) => ({
      id: `r-${id}`,
      sessionId,
      kind: 'tool_result',
      role: 'tool',
      createdAt: at,
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'read',
          output: { type: 'text', value: bigOutput },
        },
      ],
    });
    const response = await fetch(`${source.url}/v1/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [
          {
            id: 'u1',
            sessionId,
            kind: 'user_input',
            role: 'user',
            createdAt: at,
            content: [
              { type: 'text', text: 'Why does the build fail? Screenshot attached.' },
              { type: 'image', image: image, mediaType: 'image/png' },
            ],
          },
          call('t1'),
          result('t1'),
          // The same file read twice: one blob, written once into the export.
          call('t2'),
          result('t2'),
          {
            id: 'a1',
            sessionId,
            kind: 'assistant_text',
            role: 'assistant',
            createdAt: at,
            content: 'The linker runs out of memory.',
          },
        ],
      }),
    });
    expect(response.status).toBe(200);
  }, 300_000);
  afterAll(() => Promise.all([source.stop(), target.stop(), bare.stop()]), 60_000);

  it('writes each blob once, header and chunks before the first message that refers to it', async () => {
    const response = await fetch(`${source.url}/v1/sessions/s1/export?format=jsonl&blobs=include`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await response.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const shape = lines.map((line) =>
      typeof line.kind === 'string' ? `message ${String(line.id)}` : String(line.type),
    );
    const chunks = (sha256: string) =>
      lines.filter((line) => line.type === 'blob-chunk' && line.sha256 === sha256);
    const imageSha = sha256Of(Buffer.from(image, 'base64'));
    const outputSha = sha256Of(bigOutput);
    expect(lines.filter((line) => line.type === 'blob')).toEqual([
      {
        type: 'blob',
        sha256: imageSha,
        size: 100 * KiB,
        mediaType: 'image/png',
        encoding: 'base64',
      },
      {
        type: 'blob',
        sha256: outputSha,
        size: 600 * KiB,
        mediaType: 'text/plain; charset=utf-8',
        encoding: 'base64',
      },
    ]);
    expect(shape).toEqual([
      'blob',
      'blob-chunk',
      'message u1',
      'message c-t1',
      'blob',
      ...chunks(outputSha).map(() => 'blob-chunk'),
      'message r-t1',
      'message c-t2',
      'message r-t2',
      'message a1',
    ]);
    expect(chunks(outputSha).length).toBeGreaterThan(1);
    const joined = Buffer.concat(
      chunks(outputSha).map((line) => Buffer.from(String(line.data), 'base64')),
    );
    expect(joined.toString('utf8')).toBe(bigOutput);
  });

  it('imports into a fresh ledger: the same model context and transcript, the blobs byte-equal, twice appends nothing', async () => {
    const exported = await (
      await fetch(`${source.url}/v1/sessions/s1/export?format=jsonl&blobs=include`)
    ).text();
    const first = await importInto(target, 's1', exported);
    expect(first.status).toBe(200);
    const imported = (await first.json()) as {
      sessions: Array<{ sessionId: string; appended: number }>;
      report: { format: string; messages: number };
    };
    expect(imported.report).toMatchObject({ format: 'jsonl', messages: 6 });
    expect(imported.sessions[0]?.appended).toBeGreaterThan(0);

    const again = (await (await importInto(target, 's1', exported)).json()) as {
      sessions: Array<{ appended: number }>;
    };
    expect(again.sessions.map((session) => session.appended)).toEqual([0]);

    const context = '/v1/sessions/s1/model-context?format=ai-sdk&provider=anthropic';
    const [sourceContext, targetContext] = (await Promise.all([
      json(source, context),
      json(target, context),
    ])) as Array<{ messages: unknown }>;
    expect(targetContext?.messages).toEqual(sourceContext?.messages);
    expect(JSON.stringify(targetContext?.messages)).toContain('a long build log line');

    const transcript = '/v1/sessions/s1/transcript?limit=1000';
    const [sourceTranscript, targetTranscript] = (await Promise.all([
      json(source, `${transcript}`),
      json(target, `${transcript}&minPosition=0`),
    ])) as Array<{ entries: unknown }>;
    expect(targetTranscript?.entries).toEqual(sourceTranscript?.entries);

    for (const bytes of [Buffer.from(image, 'base64'), Buffer.from(bigOutput)]) {
      const route = `/v1/sessions/s1/blobs/${sha256Of(bytes)}`;
      const [fromSource, fromTarget] = await Promise.all(
        [source, target].map(async (server) =>
          Buffer.from(await (await fetch(`${server.url}${route}`)).arrayBuffer()),
        ),
      );
      expect(fromTarget?.equals(bytes)).toBe(true);
      expect(fromTarget?.equals(fromSource ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('refuses an export that only references blobs the target tenant lacks, naming the sha256', async () => {
    const exported = await (await fetch(`${source.url}/v1/sessions/s1/export?format=jsonl`)).text();
    expect(exported).not.toContain('"type":"blob-chunk"');
    const response = await importInto(bare, 's1', exported);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('UnknownBlob');
    expect(body.message).toContain(sha256Of(Buffer.from(image, 'base64')));
  });

  it('refuses included bytes that do not hash to their header: 422 BlobDigestMismatch, nothing appended', async () => {
    const exported = await (
      await fetch(`${source.url}/v1/sessions/s1/export?format=jsonl&blobs=include`)
    ).text();
    const lines = exported.split('\n');
    const chunk = lines.findIndex((line) => line.includes('"type":"blob-chunk"'));
    const parsed = JSON.parse(lines[chunk] ?? '{}') as { data: string };
    const bytes = Buffer.from(parsed.data, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    lines[chunk] = JSON.stringify({ ...parsed, data: bytes.toString('base64') });
    const response = await importInto(bare, 'tampered', lines.join('\n'));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { code: string }).code).toBe('BlobDigestMismatch');
    expect((await fetch(`${bare.url}/v1/sessions/tampered/transcript`)).status).toBe(404);
  });

  it('answers 400 for blobs=include with a format other than jsonl', async () => {
    const response = await fetch(`${source.url}/v1/sessions/s1/export?format=json&blobs=include`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(
      'blobs=include is only for format=jsonl',
    );
  });
  it('round-trips through the CLI too: export --blobs include, import --from jsonl into another DATA_DIR, the same export', async () => {
    const overHttp = await (
      await fetch(`${source.url}/v1/sessions/s1/export?format=jsonl&blobs=include`)
    ).text();
    const exported = cli(source.dataDir, 'export', 's1', '--format', 'jsonl', '--blobs', 'include');
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toBe(overHttp);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-jsonl-'));
    try {
      const file = path.join(dataDir, 's1.jsonl');
      writeFileSync(file, exported.stdout);
      const first = cli(dataDir, 'import', '--from', 'jsonl', file, '--session-id', 's1');
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      const again = cli(dataDir, 'import', '--from', 'jsonl', file, '--session-id', 's1');
      expect(again.stdout).toContain('s1: 0 event(s) appended');
      const back = cli(dataDir, 'export', 's1', '--format', 'jsonl', '--blobs', 'include');
      expect(back.stderr).toBe('');
      expect(back.stdout).toBe(overHttp);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
