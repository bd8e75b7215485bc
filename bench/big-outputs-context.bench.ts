/**
 * Model-context time with big tool outputs against small (`npm run bench -- big-outputs-context`,
 * issue 29's target: at most 3×): a session whose five tool results are 20 MB each (stored as
 * blobs, as the append stores them) against the floor measured in the same run, the same session
 * with 2 KB results. Each request is what `GET …/model-context?format=ai-sdk` does: a
 * `ModelContextReader` over the embedded store and blob store (the head and tail of each blob read
 * by range), and the JSON of the answer. Two ways a runtime asks: after an append (the reader
 * kept from the requests before, a new revision), and cold (a new reader: the first request
 * after a start). Prints the table and writes it to `docs/benchmarks.md`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteBlobStore } from '@agent-ledger/blobs';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { sessionKeyOf, validateSessionEventPayload } from '@agent-ledger/events';
import { ModelContextReader } from '@agent-ledger/model-context';
import { SessionCommandRunner, storeLargeOutputs } from '@agent-ledger/session-commands';
import { writeBenchmarkSection } from './benchmark-report';
import { median } from './measure';
import { readFileTurn, TURN_CREATED_AT } from './read-file-turn';

const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 30);
const TURNS = 5;
const BIG_BYTES = 20 * 1000 * 1000;
const SMALL_BYTES = 2 * 1000;
const TARGET = 3;
const BLOB_THRESHOLD_BYTES = 32 * 1024;

/** One model-context request as the route serves it: the view, and its JSON. */
async function request(reader: ModelContextReader, sessionId: string): Promise<number> {
  const started = performance.now();
  const context = await reader.load(sessionId, { format: 'ai-sdk' });
  JSON.stringify(context);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-big-outputs-'));
  const store = new SqliteEventStore({
    path: path.join(dir, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  const blobs = new SqliteBlobStore({ path: path.join(dir, 'blobs.sqlite') });
  try {
    const runner = new SessionCommandRunner(store, {
      cacheSize: 16,
      clock: () => TURN_CREATED_AT,
    });
    const sessions = { small: SMALL_BYTES, big: BIG_BYTES };
    for (const [sessionId, outputBytes] of Object.entries(sessions)) {
      for (let index = 0; index < TURNS; index += 1) {
        // The append's path: large outputs become blobs before the decider sees them.
        const messages = await storeLargeOutputs(readFileTurn(sessionId, index, outputBytes), {
          blobs,
          tenant: 'default',
          sessionKey: sessionKeyOf('default', sessionId),
          thresholdBytes: BLOB_THRESHOLD_BYTES,
        });
        await runner.run({ type: 'AppendMessages', sessionId, messages });
      }
    }

    const kept = new ModelContextReader(store, { blobs });
    const afterAppend: Record<string, number[]> = { small: [], big: [] };
    const cold: Record<string, number[]> = { small: [], big: [] };
    for (const sessionId of Object.keys(sessions)) {
      for (let call = 0; call < 10; call += 1) await request(kept, sessionId); // warm-up
    }
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      // Alternating, so that the machine's noise falls on both alike.
      for (const sessionId of Object.keys(sessions)) {
        await runner.run({
          type: 'AppendMessages',
          sessionId,
          messages: [
            {
              id: `more-${sample}`,
              sessionId,
              createdAt: TURN_CREATED_AT,
              kind: 'user_input',
              role: 'user',
              content: `And now ${sample}?`,
            },
          ],
        });
        afterAppend[sessionId]?.push(await request(kept, sessionId));
        cold[sessionId]?.push(await request(new ModelContextReader(store, { blobs }), sessionId));
      }
    }

    const row = (name: string, times: Record<string, number[]>) => {
      const small = median(times['small'] ?? []);
      const big = median(times['big'] ?? []);
      const ratio = big / small;
      return {
        ratio,
        line: `| ${name} | ${small.toFixed(2)} ms | ${big.toFixed(2)} ms | ${ratio.toFixed(2)}× | ${ratio <= TARGET ? 'yes' : '**no**'} |`,
      };
    };
    const rows = [
      row('after an append (reader kept)', afterAppend),
      row('cold (new reader)', cold),
    ];
    const table = [
      `| model context, \`format=ai-sdk\` | ${TURNS} results of ${SMALL_BYTES / 1000} KB (floor) | ${TURNS} results of ${BIG_BYTES / 1e6} MB (blobs) | ratio | ≤ ${TARGET}× |`,
      '|---|--:|--:|--:|:-:|',
      ...rows.map((entry) => entry.line),
    ].join('\n');
    const [cpu] = cpus();
    const markdown = [
      `Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- big-outputs-context'}\``,
      '',
      `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}; median of ${SAMPLES} requests each, the two sessions alternating.`,
      '',
      table,
      '',
      `- Two sessions of ${TURNS} turns (input, \`Read\` call, result, answer) in one embedded store: results of ${SMALL_BYTES / 1000} KB (inline), and of ${BIG_BYTES / 1e6} MB each, stored as blobs by the append's conversion (\`storeLargeOutputs\`). Before each request one user input is appended, so each asks at a new revision. A request is \`ModelContextReader.load(…, { format: 'ai-sdk' })\` with the blob store, as the route's, and the \`JSON.stringify\` of its answer.`,
      '- The big outputs cost their head and tail (two range reads of the chunks the soft limit keeps), never their 20 MB. "Cold" builds a new reader for each request: the log read again, no cached view.',
    ].join('\n');
    console.log(`\n${table}`);
    writeBenchmarkSection(
      'big-outputs-context',
      'Model context with big tool outputs against small (`bench/big-outputs-context.bench.ts`)',
      markdown,
    );
  } finally {
    await blobs.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
