/**
 * `npm run bench -- inspector`: the web inspector in headless Chromium (Debian's package) against
 * a server holding a 20,000-message session, filled through the API. Measures the time from
 * navigation to the first transcript rows on screen (the first meaningful paint: the app loads,
 * asks for the first page, renders the visible rows), beside the same for a 100-message session
 * (virtualization: the paint should not grow with the session), the time until the whole
 * transcript is loaded, and the JSON the page transferred for each. Target: under 1 s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLedgerClient, type RuntimeMessageInput } from '@agent-ledger/client';
import { chromium, type Browser } from 'playwright-core';
import { writeBenchmarkSection } from './benchmark-report';
import { median } from './measure';

const root = path.resolve(__dirname, '..');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const MESSAGES = 20_000;
const SMALL = 100;
const RUNS = 5;

interface Paint {
  firstRowsMs: number;
  completeMs: number;
  firstPaintJsonBytes: number;
  totalJsonBytes: number;
}

/** The page's globals as the functions run in it use them (this file is type-checked without the DOM; a cast is all they refer to, so they serialize). */
interface PageGlobals {
  document: { querySelectorAll(selector: string): { length: number }; body: { innerText: string } };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-inspector-'));
  const outDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-inspector-build-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const build = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        path.join(root, 'apps', 'inspector', 'vite.config.mjs'),
        '--outDir',
        outDir,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`The inspector did not build:\n${build.stderr}`);
    const started = await startServer(dataDir, outDir);
    server = started.child;
    const url = started.url;
    process.stdout.write(
      `Filling a ${MESSAGES.toLocaleString('en-US')}-message session through the API…\n`,
    );
    const position = await fill(url, 'bench-20k', MESSAGES);
    await fill(url, 'bench-100', SMALL);
    await createLedgerClient({ baseUrl: url }).transcriptPage('bench-20k', {
      limit: 1,
      minPosition: position,
    });

    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: asRoot ? ['--no-sandbox'] : [],
    });
    // One warm-up of each, so both measure a warm server and browser cache alike.
    await paint(browser, `${url}/sessions/bench-100`, SMALL);
    await paint(browser, `${url}/sessions/bench-20k`, MESSAGES);
    const small: Paint[] = [];
    const large: Paint[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      small.push(await paint(browser, `${url}/sessions/bench-100`, SMALL));
      large.push(await paint(browser, `${url}/sessions/bench-20k`, MESSAGES));
    }
    report(small, large);
  } finally {
    await browser?.close();
    if (server?.pid !== undefined) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** A fresh page (no cache of earlier runs' JSON): navigation to the first rows, then to the whole transcript. */
async function paint(browser: Browser, url: string, messages: number): Promise<Paint> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  let jsonBytes = 0;
  let firstPaintJsonBytes = 0;
  let painted = false;
  const pending: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then((sizes) => {
        if (!request.url().includes('/v1/')) return;
        jsonBytes += sizes.responseBodySize;
        if (!painted) firstPaintJsonBytes += sizes.responseBodySize;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'commit' });
  // Functions run in the page (serialized; the page's CSP allows no eval of text).
  await page.waitForFunction(
    () =>
      (globalThis as unknown as PageGlobals).document.querySelectorAll('article.entry').length >= 5,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const firstRowsMs = await page.evaluate(() => performance.now());
  painted = true;
  await Promise.all(pending);
  firstPaintJsonBytes = jsonBytes;
  const loaded = `${messages.toLocaleString('en-US')} messages`;
  await page.waitForFunction(
    (text) => {
      const body = (globalThis as unknown as PageGlobals).document.body.innerText;
      return body.includes(text) && !body.includes('loading…');
    },
    loaded,
    { polling: 100, timeout: 120_000 },
  );
  const completeMs = await page.evaluate(() => performance.now());
  await Promise.all(pending);
  await context.close();
  return { firstRowsMs, completeMs, firstPaintJsonBytes, totalJsonBytes: jsonBytes };
}

function report(small: Paint[], large: Paint[]): void {
  const row = (name: string, runs: Paint[]) => {
    const first = median(runs.map((run) => run.firstRowsMs));
    return {
      name,
      first,
      complete: median(runs.map((run) => run.completeMs)),
      firstBytes: runs[0]?.firstPaintJsonBytes ?? 0,
      totalBytes: runs[0]?.totalJsonBytes ?? 0,
    };
  };
  const a = row(`${SMALL} messages`, small);
  const b = row(`${MESSAGES.toLocaleString('en-US')} messages`, large);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const lines = [
    `Median of ${RUNS} runs in headless Chromium (Debian's \`chromium\`), a fresh browser context each (no cached JSON), on this machine.`,
    '',
    '| session | first transcript rows on screen | whole transcript loaded | JSON transferred by then | JSON for the whole transcript |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...[a, b].map(
      (r) =>
        `| ${r.name} | ${r.first.toFixed(0)} ms | ${r.complete.toFixed(0)} ms | ${kb(r.firstBytes)} | ${kb(r.totalBytes)} |`,
    ),
    '',
    `First rows of ${b.name} at ${(b.first / a.first).toFixed(2)}× the ${a.name} session's (the list is windowed: the first page is ${100} entries, the rest follows in pages of 1,000 while the reader reads). Target: under 1 s — ${b.first < 1000 ? 'met' : 'missed'}.`,
    '',
    `\`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- inspector'}\``,
  ];
  const markdown = lines.join('\n');
  process.stdout.write(`${markdown}\n`);
  writeBenchmarkSection(
    'inspector',
    'Web inspector: first paint of a 20,000-message transcript',
    markdown,
  );
}

async function fill(url: string, sessionId: string, count: number): Promise<number> {
  const client = createLedgerClient({ baseUrl: url });
  let position = 0;
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const messages: RuntimeMessageInput[] = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1)
      messages.push(...messageAt(sessionId, index));
    position = (await client.appendMessages(sessionId, { messages })).position;
  }
  return position;
}

/** Message `index` of a generated session: turns of user input, a tool call and its result, an answer. */
function messageAt(sessionId: string, index: number): RuntimeMessageInput[] {
  const id = `m${index}`;
  switch (index % 4) {
    case 0:
      return [
        {
          id,
          sessionId,
          kind: 'user_input',
          role: 'user',
          content: `Step ${index}: look at src/module-${index % 97}.ts and tell me what it exports.`,
        },
      ];
    case 1:
      return [
        {
          id,
          sessionId,
          kind: 'tool_call',
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: `call_${index}`,
              toolName: 'Read',
              input: { file_path: `src/module-${index % 97}.ts` },
            },
          ],
        },
      ];
    case 2:
      return [
        {
          id,
          sessionId,
          kind: 'tool_result',
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: `call_${index - 1}`,
              toolName: 'Read',
              output: {
                type: 'text',
                value: `export function handler${index}() {\n  return ${index};\n}\n`.repeat(3),
              },
            },
          ],
        },
      ];
    default:
      return [
        {
          id,
          sessionId,
          kind: 'assistant_text',
          role: 'assistant',
          content: `It exports handler${index - 1}, which returns its number.`,
        },
      ];
  }
}

function startServer(
  dataDir: string,
  inspectorDir: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(root, 'scripts', 'ts-register.js'),
      path.join(root, 'apps', 'server', 'src', 'main.ts'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        INSPECTOR_DIR: inspectorDir,
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: stopped as a group, whatever it started.
      detached: true,
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start:\n${output}`)),
      30_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
