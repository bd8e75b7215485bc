import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { postJson } from '../testing/http-client';
import { getFrom } from '../testing/slow-sockets';
import { startServer, type RunningServer } from '../testing/start-server';

/**
 * Tool results of 500 KB each, one per append, kept inline: under the highest
 * `BLOB_THRESHOLD_BYTES` (512 KiB, set below), above which an output becomes a blob.
 */
const RESULTS = 120;
const RESULT_CHARS = 500_000;
const BLOB_THRESHOLD_BYTES = 512 * 1024;
/** The default `MAX_PAGE_BYTES`. */
const PAGE_BYTES = 4 * 1024 * 1024;
/**
 * How far above its memory at rest the server may go while it answers all the reads below: eight
 * reads of the 60 MB session at once, the JSONL one computed from the log held in the model
 * context's cache. Unbounded, the same reads took it 1.6 GB above rest; bounded, 200 to 530 MB
 * seen (garbage collection's timing varies with what else the machine runs), so the bound sits at
 * half the unbounded figure.
 */
const MEMORY_MARGIN_BYTES = 800 * 1024 * 1024;

/** The server's resident memory, from `/proc/<pid>/status` (`VmRSS`, in kB). */
function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match?.[1] === undefined) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** A tool output of `RESULT_CHARS` characters, different for each `index`. */
function toolOutput(index: number): string {
  const line = `result ${index}: the quick brown fox jumps over the lazy dog, line `;
  const lines: string[] = [];
  let length = 0;
  for (let n = 0; length < RESULT_CHARS; n += 1) {
    const text = `${line}${n}\n`;
    lines.push(text);
    length += text.length;
  }
  return lines.join('').slice(0, RESULT_CHARS);
}

/** Reads a response body as it comes, keeping only its size and digest (not the body). */
async function digestOf(url: string): Promise<{ status: number; bytes: number; sha256: string }> {
  const response = await fetch(url);
  const hash = createHash('sha256');
  let bytes = 0;
  if (response.body !== null) {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      bytes += chunk.byteLength;
    }
  }
  return { status: response.status, bytes, sha256: hash.digest('hex') };
}

interface TranscriptPage {
  entries: Array<{ id: string; content: unknown }>;
  nextCursor: string | null;
}

/** Follows a transcript's pages (`limit=1000`) to the end: the entries' ids and each page's size. */
async function walkTranscript(
  url: string,
): Promise<{ ids: string[]; pages: Array<{ bytes: number; entries: number }> }> {
  const ids: string[] = [];
  const pages: Array<{ bytes: number; entries: number }> = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${cursor}`;
    const response = await fetch(`${url}/transcript?limit=1000${query}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const page = JSON.parse(text) as TranscriptPage;
    pages.push({ bytes: Buffer.byteLength(text), entries: page.entries.length });
    ids.push(...page.entries.map((entry) => entry.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { ids, pages };
}

describe('reads of a 60 MB session, concurrently, with the server’s memory bounded', () => {
  let server: RunningServer;
  let session: string;
  const expectedIds = ['u0'];

  beforeAll(async () => {
    server = await startServer({
      BLOB_THRESHOLD_BYTES: String(BLOB_THRESHOLD_BYTES),
      // Eight 60 MB reads at once on a loaded 2-core machine can keep the server's loop from
      // reading a kept-alive connection for longer than the default 5 s keep-alive and 10 s
      // header timeouts (the next request then meets a closed socket, ECONNRESET, or a 408):
      // what is tested here is memory and completeness, so these wait as long as the test may.
      KEEP_ALIVE_TIMEOUT_MS: '120000',
      HEADERS_TIMEOUT_MS: '120000',
      REQUEST_TIMEOUT_MS: '120000',
    });
    session = `${server.url}/v1/sessions/big`;
    const first = await postJson(`${session}/messages`, {
      messages: [
        {
          id: 'u0',
          sessionId: 'big',
          kind: 'user_input',
          role: 'user',
          createdAt: '2026-04-08T09:00:00.000Z',
          content: 'Read every file of the repository.',
        },
      ],
    });
    expect(first.status).toBe(200);
    let position = 0;
    for (let index = 1; index <= RESULTS; index += 1) {
      const at = (offset: number): string =>
        new Date(Date.UTC(2026, 3, 8, 9, 0, index * 2 + offset)).toISOString();
      const appended = await postJson(`${session}/messages`, {
        messages: [
          {
            id: `c${index}`,
            sessionId: 'big',
            kind: 'tool_call',
            role: 'assistant',
            createdAt: at(0),
            content: [
              {
                type: 'tool-call',
                toolCallId: `call_${index}`,
                toolName: 'Read',
                input: { file_path: `src/file-${index}.ts` },
              },
            ],
          },
          {
            id: `r${index}`,
            sessionId: 'big',
            kind: 'tool_result',
            role: 'tool',
            createdAt: at(1),
            content: [
              {
                type: 'tool-result',
                toolCallId: `call_${index}`,
                toolName: 'Read',
                output: { type: 'text', value: toolOutput(index) },
              },
            ],
          },
        ],
      });
      expect(appended.status).toBe(200);
      position = (appended.body as { position: number }).position;
      expectedIds.push(`c${index}`, `r${index}`);
    }
    // The read models have it all before the reads start.
    // (Projecting 60 MB, both search indexes included, can take longer than one minPosition
    // wait: 503 ReadModelBehind is asked again, as a client would.)
    let caughtUp = await fetch(`${session}/transcript?limit=1&minPosition=${position}`);
    for (let attempt = 0; caughtUp.status === 503 && attempt < 12; attempt += 1) {
      caughtUp = await fetch(`${session}/transcript?limit=1&minPosition=${position}`);
    }
    expect(caughtUp.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await server.stop();
  });

  it('answers transcript pages and exports concurrently, complete, within bounded memory, and /health keeps answering', async () => {
    // Let the recording's garbage go before the server's memory at rest is measured.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = residentBytes(server.pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(server.pid));
    }, 25);
    const healthLatencies: number[] = [];
    let reading = true;
    const probing = (async () => {
      while (reading) {
        // A connection of its own each time, as a load balancer's probe opens one: on a kept-alive
        // one, a server whose loop a loaded machine starves past its keep-alive timeout may close
        // it as the next request arrives (ECONNRESET, a race every HTTP client has to retry).
        // The timeout is a hang detector, not a speed target.
        const health = await getFrom(`${server.url}/health`, {
          localAddress: '127.0.0.1',
          timeoutMs: 60_000,
        });
        expect(health.status).toBe(200);
        healthLatencies.push(health.ms);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    let results;
    try {
      results = await Promise.all([
        walkTranscript(session),
        walkTranscript(session),
        digestOf(`${session}/export?format=json`),
        digestOf(`${session}/export?format=json`),
        digestOf(`${session}/export?format=json`),
        digestOf(`${session}/export?format=json`),
        digestOf(`${session}/export?format=markdown`),
        digestOf(`${session}/export?format=jsonl`),
      ]);
    } finally {
      // The sampler first: should the probe loop have thrown, it must not outlive the server.
      clearInterval(sampler);
      reading = false;
      // A probe that failed says why with the end of the server's output (did it exit, and how).
      await probing.catch((error: unknown) => {
        throw new Error(
          `/health stopped answering (${String(error)}); the server's output ends:\n${server.output().slice(-4000)}`,
          { cause: error },
        );
      });
    }
    peak = Math.max(peak, residentBytes(server.pid));

    expect(peak - baseline).toBeLessThan(MEMORY_MARGIN_BYTES);
    // Every probe answered 200 before its 60 s timeout (the probe loop throws otherwise).
    expect(healthLatencies.length).toBeGreaterThan(0);

    const [walk1, walk2, json1, json2, json3, json4, markdown1, jsonl] = results;
    for (const walk of [walk1, walk2]) {
      expect(walk.ids).toEqual(expectedIds);
      // Capped by bytes, not by the 1000 entries asked for: about 8 entries of 500 KB a page.
      expect(walk.pages.length).toBeGreaterThan(10);
      for (const page of walk.pages) {
        expect(page.bytes).toBeLessThanOrEqual(PAGE_BYTES + 64 * 1024);
      }
    }
    for (const json of [json1, json2, json3, json4]) {
      expect(json.status).toBe(200);
      expect(json.bytes).toBeGreaterThan(RESULTS * RESULT_CHARS);
    }
    expect(markdown1.status).toBe(200);
    expect(jsonl.status).toBe(200);

    // Each concurrent answer is the whole answer: the same bytes as one read alone, which parses.
    // The three are read first, one after the other, and checked after: parsing 60 MB blocks this
    // process for seconds, and a kept-alive socket left idle that long may be closed by the server
    // just as the next request takes it.
    const jsonText = await (await fetch(`${session}/export?format=json`)).text();
    const markdownText = await (await fetch(`${session}/export?format=markdown`)).text();
    const jsonlText = await (await fetch(`${session}/export?format=jsonl`)).text();
    expect(createHash('sha256').update(jsonText).digest('hex')).toBe(json1.sha256);
    expect([json2.sha256, json3.sha256, json4.sha256]).toEqual([
      json1.sha256,
      json1.sha256,
      json1.sha256,
    ]);
    const exported = JSON.parse(jsonText) as {
      sessionId: string;
      revision: number;
      export: { messages: Array<{ sourceMessageIds: string[] }>; diagnostics: unknown };
    };
    expect(exported.sessionId).toBe('big');
    expect(exported.revision).toBe(RESULTS * 2 + 1);
    expect(exported.export.messages.flatMap((message) => message.sourceMessageIds)).toEqual(
      expectedIds,
    );

    expect(createHash('sha256').update(markdownText).digest('hex')).toBe(markdown1.sha256);
    expect(markdownText.startsWith('# Session big\n\n### User')).toBe(true);
    expect(markdownText.match(/^### Tool result/gm)?.length).toBe(RESULTS);
    expect(markdownText).toContain(toolOutput(RESULTS).slice(0, 1000));

    expect(createHash('sha256').update(jsonlText).digest('hex')).toBe(jsonl.sha256);
    const lines = jsonlText.trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(expectedIds);
  }, 120_000);
});
