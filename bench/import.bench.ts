/**
 * The import benchmark (`npm run bench -- import`): a generated 3 MB Claude Code session
 * (turns of split assistant responses with reasoning, parallel tool calls and 1 KB results, a
 * compaction every 200 turns) imported as the server and the CLI do (`importClaudeCode`, then
 * every command through a `SessionCommandRunner` into an embedded SQLite store on a temporary
 * directory), beside a baseline measured in the same run: parsing the file's lines with
 * `JSON.parse`, the floor any importer stays above. Then the time to the first model context
 * after the import (`loadModelContext`, `ai-sdk-prompt` for anthropic). `BENCH_MB` changes the size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import { importClaudeCode } from '@agent-ledger/interchange';
import { loadModelContext } from '@agent-ledger/model-context';
import { runImportPlan, SessionCommandRunner } from '@agent-ledger/session-commands';
import { writeBenchmarkSection } from './benchmark-report';

const TARGET_BYTES = Number(process.env.BENCH_MB ?? 3) * 1024 * 1024;
const SESSION = 'bench-cc';
const RESULT = 'export function login(user) { return check(user.password); }\n'.repeat(16);

function line(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/** A Claude Code session of about `TARGET_BYTES`, with its entry count. */
function generateSession(): { text: string; entries: number } {
  const lines: string[] = [];
  let bytes = 0;
  let parent: string | null = null;
  const push = (entry: Record<string, unknown>): void => {
    const uuid = `e${lines.length}`;
    const text = line({
      ...entry,
      uuid,
      parentUuid: parent,
      sessionId: SESSION,
      isSidechain: false,
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, lines.length)).toISOString(),
    });
    lines.push(text);
    bytes += text.length;
    parent = uuid;
  };
  for (let turn = 0; bytes < TARGET_BYTES; turn += 1) {
    if (turn > 0 && turn % 200 === 0) {
      push({
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        compactMetadata: { trigger: 'auto', preTokens: 150000 },
      });
      push({
        type: 'user',
        isCompactSummary: true,
        message: { role: 'user', content: `Summary of turns up to ${turn}.` },
      });
    }
    push({
      type: 'user',
      message: { role: 'user', content: `Turn ${turn}: look at src/auth.ts again.` },
    });
    const id = `msg_${turn}`;
    const usage = {
      input_tokens: 100,
      cache_read_input_tokens: 5000,
      cache_creation_input_tokens: 0,
      output_tokens: 50,
    };
    const assistant = (content: unknown, stop: string | null) => ({
      type: 'assistant',
      message: {
        id,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [content],
        stop_reason: stop,
        usage,
      },
    });
    push(
      assistant({ type: 'thinking', thinking: 'Read both files first.', signature: 'sig' }, null),
    );
    push(assistant({ type: 'text', text: 'Reading the files.' }, null));
    push(
      assistant(
        {
          type: 'tool_use',
          id: `toolu_${turn}_a`,
          name: 'Read',
          input: { file_path: 'src/auth.ts' },
        },
        null,
      ),
    );
    push(
      assistant(
        {
          type: 'tool_use',
          id: `toolu_${turn}_b`,
          name: 'Read',
          input: { file_path: 'src/user.ts' },
        },
        'tool_use',
      ),
    );
    push({ type: 'progress', data: { type: 'hook_progress' } });
    push({
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `toolu_${turn}_a`, content: RESULT }],
      },
    });
    push({
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `toolu_${turn}_b`, content: RESULT }],
      },
    });
    push({
      type: 'assistant',
      message: {
        id: `${id}_2`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: 'The check is fine.' }],
        stop_reason: 'end_turn',
        usage,
      },
    });
  }
  return { text: lines.join(''), entries: lines.length };
}

async function main(): Promise<void> {
  const { text, entries } = generateSession();
  const mb = (text.length / 1024 / 1024).toFixed(1);

  let started = performance.now();
  for (const raw of text.split('\n')) if (raw !== '') JSON.parse(raw);
  const parseSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const plan = importClaudeCode({ session: { name: `${SESSION}.jsonl`, text } });
  const mapSeconds = (performance.now() - started) / 1000;

  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-import-bench-'));
  const store = new SqliteEventStore({
    path: path.join(dir, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  try {
    const runner = new SessionCommandRunner(store, {
      cacheSize: 16,
      clock: () => new Date().toISOString(),
    });
    started = performance.now();
    const result = await runImportPlan(plan, runner, store);
    const importSeconds = mapSeconds + (performance.now() - started) / 1000;

    started = performance.now();
    const context = await loadModelContext(store, SESSION, {
      format: 'ai-sdk-prompt',
      provider: 'anthropic',
    });
    const contextMs = performance.now() - started;

    started = performance.now();
    const again = await runImportPlan(
      importClaudeCode({ session: { name: `${SESSION}.jsonl`, text } }),
      runner,
      store,
    );
    const againSeconds = (performance.now() - started) / 1000;

    const rate = (seconds: number): string =>
      `${Math.round(entries / seconds).toLocaleString('en-US')} entries/s`;
    const [cpu] = cpus();
    const markdown = [
      'Command: `npm run bench -- import`',
      '',
      `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}, SQLite files in a temporary folder on the local disk.`,
      '',
      `Claude Code session: ${mb} MB, ${entries.toLocaleString('en-US')} entries, ${result.sessions[0]?.appended ?? 0} events appended.`,
      '',
      '| step | time | rate | vs JSON.parse of the lines |',
      '| --- | --- | --- | --- |',
      `| JSON.parse of every line (baseline) | ${parseSeconds.toFixed(3)} s | ${rate(parseSeconds)} | 1.00× |`,
      `| map (importClaudeCode) | ${mapSeconds.toFixed(3)} s | ${rate(mapSeconds)} | ${(mapSeconds / parseSeconds).toFixed(2)}× |`,
      `| import (map + decide + append to SQLite) | ${importSeconds.toFixed(3)} s | ${rate(importSeconds)} | ${(importSeconds / parseSeconds).toFixed(2)}× |`,
      `| import again (appends ${again.sessions[0]?.appended ?? -1}) | ${againSeconds.toFixed(3)} s | ${rate(againSeconds)} | ${(againSeconds / parseSeconds).toFixed(2)}× |`,
      '',
      `- Time to first model context after the import (anthropic, ${context.messages.length} messages, ${context.diagnostics.window.eventsRead} events read: the first request also indexes the history before the latest boundary): ${contextMs.toFixed(1)} ms.`,
      '- The session is generated by the bench (turns of a user entry, an assistant entry split into several lines, tool results, usage, compactions); the import goes through the same decider and store as the server.',
    ].join('\n');
    console.log(markdown);
    writeBenchmarkSection('import', 'Import (`bench/import.bench.ts`)', markdown);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
