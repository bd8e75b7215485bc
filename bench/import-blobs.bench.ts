/**
 * A Claude Code import's bytes on disk with and without dedup (`npm run bench -- import-blobs`):
 * a project of Claude Code sessions whose agent reads the same files again and again (each
 * session reads each of its files ten times, and every session reads one shared file), imported
 * through the write side as `POST …/imports` and the CLI's `import` run it (`runImportPlan`),
 * once keeping every tool result in the events (no blob store), once with large results as
 * blobs (the server's path: one copy per tenant). The floor, measured in the same run, is the
 * distinct file content the sessions read: the least any store could keep. Prints the table and
 * writes it to `docs/benchmarks.md`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteBlobStore } from '@agent-ledger/blobs';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import { importClaudeCode } from '@agent-ledger/interchange';
import { claudeCodeSessionReading } from '@agent-ledger/interchange/testing';
import { runImportPlan, SessionCommandRunner } from '@agent-ledger/session-commands';
import { writeBenchmarkSection } from './benchmark-report';

const SESSIONS = Number(process.env['BENCH_SESSIONS'] ?? 10);
const READS = 10;
const FILE_BYTES = 128 * 1024;
const BLOB_THRESHOLD_BYTES = 32 * 1024;

/** About `size` bytes of source text for file `name`, no two lines alike. */
function sourceFile(name: string, size: number): string {
  const lines: string[] = [];
  for (let line = 1, length = 0; length < size; line += 1) {
    const text = `export const ${name}_${line} = compute(${line}, '${name}'); // line ${line} of ${name}`;
    lines.push(text);
    length += text.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** Session `index`: reads its own file ten times, then the shared file ten times. */
function sessionFile(index: number, shared: string): { name: string; text: string } {
  const sessionId = `cc-bench-${index}`;
  const own = claudeCodeSessionReading({
    sessionId,
    filePath: `src/own${index}.ts`,
    fileText: sourceFile(`own${index}`, FILE_BYTES),
    reads: READS,
  });
  const sharedReads = claudeCodeSessionReading({
    sessionId,
    filePath: 'src/shared.ts',
    fileText: shared,
    reads: READS,
  })
    // The second part's entries follow the first's: their uuids and parents are renamed.
    .replaceAll('"uuid":"', '"uuid":"s-')
    .replaceAll('"parentUuid":"', '"parentUuid":"s-')
    .replace('"parentUuid":null', `"parentUuid":"r${READS}"`)
    .replaceAll('toolu_', 'toolu_s');
  return { name: `${sessionId}.jsonl`, text: own + sharedReads };
}

/** Bytes of the SQLite files whose names start with `base` in `folder` (WAL included). */
function bytesOf(folder: string, base: string): number {
  let total = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      total += statSync(path.join(folder, `${base}${suffix}`)).size;
    } catch {
      // absent: nothing to count
    }
  }
  return total;
}

async function importInto(
  folder: string,
  files: Array<{ name: string; text: string }>,
  withBlobs: boolean,
): Promise<{ events: number; blobs: number; milliseconds: number }> {
  const store = new SqliteEventStore({
    path: path.join(folder, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  const blobs = withBlobs
    ? new SqliteBlobStore({ path: path.join(folder, 'blobs.sqlite') })
    : undefined;
  const runner = new SessionCommandRunner(store, {
    cacheSize: 16,
    clock: () => '2026-01-05T12:00:00.000Z',
  });
  const started = performance.now();
  for (const file of files) {
    const plan = importClaudeCode({ session: file });
    await runImportPlan(
      plan,
      runner,
      store,
      undefined,
      undefined,
      blobs === undefined ? undefined : { blobs, thresholdBytes: BLOB_THRESHOLD_BYTES },
    );
  }
  const milliseconds = performance.now() - started;
  await store.close();
  await blobs?.close();
  return {
    events: bytesOf(folder, 'events.sqlite'),
    blobs: bytesOf(folder, 'blobs.sqlite'),
    milliseconds,
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(2)} MB`;
}

async function main(): Promise<void> {
  const shared = sourceFile('shared', FILE_BYTES);
  const files = Array.from({ length: SESSIONS }, (_, index) => sessionFile(index, shared));
  const sourceBytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
  // The floor: each distinct file once.
  const distinctBytes =
    Buffer.byteLength(shared) +
    Array.from({ length: SESSIONS }, (_, index) =>
      Buffer.byteLength(sourceFile(`own${index}`, FILE_BYTES)),
    ).reduce((sum, bytes) => sum + bytes, 0);

  const rows: string[] = [];
  const results: Record<string, { events: number; blobs: number; milliseconds: number }> = {};
  for (const [name, withBlobs] of [
    ['inline (no blob store)', false],
    ['blobs, deduplicated per tenant', true],
  ] as const) {
    const folder = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-import-blobs-'));
    try {
      const result = await importInto(folder, files, withBlobs);
      results[name] = result;
      const total = result.events + result.blobs;
      rows.push(
        `| ${name} | ${megabytes(result.events)} | ${megabytes(result.blobs)} | ${megabytes(total)} | ${(total / distinctBytes).toFixed(2)}× | ${(total / sourceBytes).toFixed(2)}× | ${Math.round(result.milliseconds)} ms |`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const inline = results['inline (no blob store)'];
  const deduplicated = results['blobs, deduplicated per tenant'];
  const saving =
    inline === undefined || deduplicated === undefined
      ? 'n/a'
      : `${((inline.events + inline.blobs) / (deduplicated.events + deduplicated.blobs)).toFixed(1)}×`;
  const table = [
    `| import of ${SESSIONS} sessions | events.sqlite | blobs.sqlite | on disk | ÷ distinct content (floor, ${megabytes(distinctBytes)}) | ÷ source JSONL (${megabytes(sourceBytes)}) | import time |`,
    '|---|--:|--:|--:|--:|--:|--:|',
    ...rows,
  ].join('\n');
  const [cpu] = cpus();
  const markdown = [
    `Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- import-blobs'}\``,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}.`,
    '',
    table,
    '',
    `Dedup stores the import in ${saving} less space than keeping every result inline.`,
    '',
    `- The project: ${SESSIONS} Claude Code sessions; each reads its own ${FILE_BYTES / 1024} KiB source file ${READS} times and a ${FILE_BYTES / 1024} KiB file shared by all sessions ${READS} times (${2 * READS * SESSIONS} \`Read\` results). Each session file is imported as \`POST /v1/sessions/:id/imports\` and \`agent-ledger import\` do: \`importClaudeCode\`, then \`runImportPlan\` through the session decider into the embedded store.`,
    `- Inline: no blob store, every result in its event. Blobs: results above ${BLOB_THRESHOLD_BYTES / 1024} KiB (the default \`BLOB_THRESHOLD_BYTES\`) stored as blobs of the tenant first (\`storeLargeOutputs\`, the append's conversion), so each distinct file is one blob whatever the number of reads and sessions; the events hold references.`,
    '- The floor is the distinct file content (each file once): the least any store could keep. Sizes are the SQLite files with their WAL after the stores are closed; they depend on no timing.',
  ].join('\n');
  console.log(`\n${table}\n\ndedup saves ${saving}`);
  writeBenchmarkSection(
    'import-blobs',
    "A Claude Code import's bytes on disk, with and without dedup (`bench/import-blobs.bench.ts`)",
    markdown,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
