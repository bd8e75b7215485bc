/**
 * A re-sent AI SDK step that holds a 20 MB text output kept as a blob
 * (`npm run bench -- resent-step-blob`). The AI SDK's `onStepFinish` gives every response message
 * of the generation so far, so each later step sends the big tool result again, as a reference
 * (the client uploaded the output once). The server fills each reference in from the blob store
 * (`textBlobReference`): with the `textLength` the client sends (kept by the step route's
 * `extractBlobOutputs`), one range read for the preview; without it, a pass over the whole blob to
 * count the text's length (what every re-sent step cost before the route kept it). Measured
 * through the real server (HTTP, in this process) and client: bytes read from the blob store and
 * time per re-sent step, against the floor of the same step with a short output (inline, no
 * blob). Prints the table and writes it to `docs/benchmarks.md`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BlobStore } from '@agent-ledger/blobs';
import { createLedgerClient, type BlobRef, type LedgerClient } from '@agent-ledger/client';
import { loadServerConfig } from '@agent-ledger/config';
import { createApp } from '../apps/server/src/create-app';
import { BLOB_STORE } from '../apps/server/src/tokens';
import { writeBenchmarkSection } from './benchmark-report';
import { median } from './measure';

const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 15);
const BIG_CHARACTERS = 20 * 1000 * 1000;

/** The blob store's `read`, counting the bytes it hands out. */
function countReads(blobs: BlobStore): { bytes: number } {
  const counter = { bytes: 0 };
  const read = blobs.read.bind(blobs);
  blobs.read = async function* (tenant, sha256, range) {
    for await (const chunk of read(tenant, sha256, range)) {
      counter.bytes += chunk.byteLength;
      yield chunk;
    }
  };
  return counter;
}

/**
 * How a step's tool output is sent: inline (the floor's, short), as the client sends a large one
 * it uploaded (its reference and `textLength`), or by its `sha256` alone.
 */
type Variant =
  | { name: string; session: string; value: string }
  | { name: string; session: string; reference: BlobRef; textLength: number | undefined };

function outputOf(variant: Variant): Record<string, unknown> {
  if ('value' in variant) return { type: 'text', value: variant.value };
  const { reference, textLength } = variant;
  return {
    type: 'blob',
    as: 'text',
    blob: textLength === undefined ? { sha256: reference.sha256 } : { ...reference, textLength },
  };
}

/** The generation's response messages after `steps` steps: a call and its result, then the answer. */
function responseMessages(variant: Variant, steps: number, generation: number): unknown[] {
  const toolCallId = `call-${generation}`;
  const first = [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId, toolName: 'read', input: { path: 'build.log' } }],
    },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId, toolName: 'read', output: outputOf(variant) }],
    },
  ];
  return steps === 1
    ? first
    : [...first, { role: 'assistant', content: [{ type: 'text', text: 'The build passed.' }] }];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-resent-step-'));
  const app = await createApp(loadServerConfig({ DATA_DIR: dir, PORT: '0' }), { logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const counter = countReads(app.get<BlobStore>(BLOB_STORE, { strict: false }));
    const client: LedgerClient = createLedgerClient({ baseUrl: await app.getUrl() });
    const bigText = 'a build log, line after line of it\n'
      .repeat(Math.ceil(BIG_CHARACTERS / 35))
      .slice(0, BIG_CHARACTERS);
    const upload = (session: string) =>
      client.uploadBlob(session, bigText, 'text/plain; charset=utf-8');
    const variants: Variant[] = [
      { name: 'short text output, inline (floor)', session: 'inline', value: 'build passed' },
      {
        name: '20 MB text output blob, with `textLength`',
        session: 'with-length',
        reference: await upload('with-length'),
        textLength: bigText.length,
      },
      {
        name: '20 MB text output blob, `sha256` alone (as before the fix)',
        session: 'sha256-alone',
        reference: await upload('sha256-alone'),
        textLength: undefined,
      },
    ];

    const times = variants.map((): number[] => []);
    const bytes = variants.map((): number[] => []);
    for (let sample = -2; sample < SAMPLES; sample += 1) {
      // The variants alternate, so that the machine's noise falls on all alike; two warm-ups.
      for (const [index, variant] of variants.entries()) {
        const generation = sample + 2;
        const step = (stepNumber: number) =>
          client.recordAiSdkStep(variant.session, {
            generationId: `generation-${generation}`,
            stepNumber,
            messages: responseMessages(variant, stepNumber + 1, generation),
          });
        await step(0);
        counter.bytes = 0;
        const started = performance.now();
        await step(1); // the re-sent step: its first messages again, one new.
        const elapsed = performance.now() - started;
        if (sample >= 0) {
          times[index]?.push(elapsed);
          bytes[index]?.push(counter.bytes);
        }
      }
    }

    const floor = median(times[0] ?? []);
    const rows = variants.map((variant, index) => {
      const time = median(times[index] ?? []);
      const read = median(bytes[index] ?? []);
      return `| ${variant.name} | ${read.toLocaleString('en-US')} B | ${time.toFixed(2)} ms | ${(time / floor).toFixed(2)}× |`;
    });
    const table = [
      '| re-sent step (`POST …/ai-sdk-steps`, step 2 of a generation) | read from the blob store | time | against the floor |',
      '|---|--:|--:|--:|',
      ...rows,
    ].join('\n');
    const [cpu] = cpus();
    const markdown = [
      `Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- resent-step-blob'}\``,
      '',
      `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}; median of ${SAMPLES} re-sent steps each, the three sessions alternating.`,
      '',
      table,
      '',
      `- Each sample is a new generation of two steps recorded with the client's \`recordAiSdkStep\` over HTTP (the server in this process, embedded store): step 1's response messages are a \`read\` tool call and its result; step 2 sends them again with the answer, as \`onStepFinish\` does. Only step 2 is measured. The output is ${BIG_CHARACTERS / 1e6} M characters uploaded once as a blob (\`uploadBlob\`) and referred to as the client refers to an output it uploaded (\`{ type: 'blob', as: 'text', blob }\` with its \`BlobRef\` and \`textLength\`), or by its \`sha256\` alone; the floor's output is 12 characters, inline.`,
      "- Bytes read are what the blob store's `read` handed out during the re-sent step. With `textLength` the server reads the blob's first bytes once, for the preview; with the `sha256` alone it reads the whole blob once more to count the text's length (`textBlobReference`), on every step of the generation.",
    ].join('\n');
    console.log(`\n${table}`);
    writeBenchmarkSection(
      'resent-step-blob',
      'A re-sent AI SDK step with a 20 MB text blob (`bench/resent-step-blob.bench.ts`)',
      markdown,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
