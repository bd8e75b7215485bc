import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { toAiSdkMessages } from '@agent-ledger/ai-sdk';
import { normalizeSessionEvents } from '@agent-ledger/events';
import { projectToModel } from '@agent-ledger/projections';
import {
  seedExampleAiSdkMessages,
  seedExampleEvents,
  seedExampleModelMessages,
} from '@agent-ledger/testing';
import { runCli } from '../apps/cli/src/run-cli';

/**
 * The seed's worked example (m1–m5: a Read of src/auth.ts whose result was pruned) through all
 * layers. Expected values are the seed's own, except that the tool-result part carries
 * `toolName: "Read"`, as the AI SDK requires.
 */
const root = join(__dirname, '..');
const context = { sessionId: 's1', activeAgentName: 'main' };

const seedModelMessages = seedExampleModelMessages();
const seedAiSdkMessages = seedExampleAiSdkMessages();

function io(stdinText = '') {
  const stdin = new PassThrough();
  stdin.end(stdinText);
  let stdout = '';
  let stderr = '';
  return {
    io: {
      stdin,
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: (chunk: string) => (stderr += chunk) },
    },
    output: () => ({ stdout, stderr }),
  };
}

describe('the seed example through the four layers', () => {
  it('events (with the pruning mark) normalize and project to the seed’s model messages', () => {
    const { messages, repairs } = normalizeSessionEvents(seedExampleEvents());
    expect(repairs).toEqual([]);
    const model = projectToModel(messages, context);
    expect(model.messages).toStrictEqual(seedModelMessages);
    expect(model.diagnostics).toEqual({
      hiddenMessageIds: [],
      truncatedMessageIds: ['m4'],
      injectedNotes: [],
    });
  });

  it('the model messages serialize to the seed’s AI SDK messages, for any provider', () => {
    const { messages } = normalizeSessionEvents(seedExampleEvents());
    const model = projectToModel(messages, context).messages;
    for (const provider of [undefined, 'anthropic', 'openai', 'openai.chat']) {
      expect(toAiSdkMessages(model, provider === undefined ? {} : { provider })).toStrictEqual(
        seedAiSdkMessages,
      );
    }
    // Gemini 3 refuses a function call without a thought signature; the runtime's own call gets
    // the placeholder Google documents for calls Gemini did not make, and nothing else changes.
    expect(toAiSdkMessages(model, { provider: 'google' })).toStrictEqual(
      seedAiSdkMessages.map((message) =>
        message.role === 'assistant' && typeof message.content !== 'string'
          ? {
              ...message,
              content: message.content.map((part) =>
                part.type === 'tool-call'
                  ? {
                      ...part,
                      providerOptions: {
                        google: { thoughtSignature: 'skip_thought_signature_validator' },
                      },
                    }
                  : part,
              ),
            }
          : message,
      ),
    );
  });

  it('the CLI reproduces it from examples/seed-example.json', async () => {
    const run = io();
    const code = await runCli(
      ['project', '--view', 'ai-sdk', '--input', join(root, 'examples/seed-example.json')],
      run.io,
    );
    expect(code).toBe(0);
    expect(JSON.parse(run.output().stdout)).toEqual({
      messages: seedAiSdkMessages,
      diagnostics: { hiddenMessageIds: [], truncatedMessageIds: ['m4'], injectedNotes: [] },
    });
  });

  it('the CLI takes the seed’s example pasted verbatim (no sessionId, no createdAt, JS syntax)', async () => {
    const run = io();
    const input = join(root, 'examples/seed-runtime-messages.verbatim.txt');
    const code = await runCli(
      ['project', '--view', 'transcript', '--session-id', 's1', '--input', input],
      run.io,
    );
    expect(run.output().stderr).toBe('');
    expect(code).toBe(0);
    const printed = JSON.parse(run.output().stdout) as {
      messages: Array<{ id: string; createdAt: string }>;
    };
    expect(printed.messages.map(({ id, createdAt }) => ({ id, createdAt }))).toEqual(
      ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => ({ id, createdAt: '1970-01-01T00:00:00.000Z' })),
    );
    const aiSdk = io();
    expect(await runCli(['project', '--view', 'ai-sdk', '--input', input], aiSdk.io)).toBe(0);
    // The seed abbreviates the user's words in its example: "帮我看看 src/auth.ts ...".
    expect(JSON.parse(aiSdk.output().stdout)).toEqual({
      messages: seedAiSdkMessages.map((message, index) =>
        index === 1 ? { role: 'user', content: '帮我看看 src/auth.ts ...' } : message,
      ),
      diagnostics: { hiddenMessageIds: [], truncatedMessageIds: ['m4'], injectedNotes: [] },
    });
  });

  it('the CLI reads stdin and prints the model view', async () => {
    const run = io(readFileSync(join(root, 'examples/seed-example.json'), 'utf8'));
    expect(await runCli(['project', '--view', 'model'], run.io)).toBe(0);
    const printed = JSON.parse(run.output().stdout) as { messages: unknown };
    expect(printed.messages).toEqual(seedModelMessages);
  });

  it('the CLI, run as a process, prints the same', () => {
    const result = spawnSync(
      process.execPath,
      [
        '-r',
        './scripts/ts-register.js',
        'apps/cli/src/main.ts',
        'project',
        '--view',
        'ai-sdk',
        '--input',
        'examples/seed-example.json',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout) as { messages: unknown };
    expect(printed.messages).toEqual(seedAiSdkMessages);
  });
});

describe('the CLI on bad input', () => {
  it('names the message and field, and exits 1', async () => {
    const bad = [
      {
        id: 'm1',
        sessionId: 's1',
        kind: 'tool_call',
        role: 'assistant',
        createdAt: '2026-04-08T09:00:00.000Z',
        content: [],
      },
    ];
    const run = io(JSON.stringify(bad));
    expect(await runCli(['project', '--view', 'model'], run.io)).toBe(1);
    expect(run.output().stdout).toBe('');
    expect(run.output().stderr).toMatch(
      /^agent-ledger: stdin holds invalid runtime messages:\n {2}messages\[0\] \(id "m1"\)/,
    );
    expect(run.output().stderr).toContain('content');
  });

  it('refuses input that is not JSON', async () => {
    const run = io('not json');
    expect(await runCli(['project', '--view', 'model'], run.io)).toBe(1);
    expect(run.output().stderr).toMatch(/^agent-ledger: stdin is not a JSON \(or JSON5\) array/);
  });

  it('refuses an unknown view with a usage error', async () => {
    const run = io('[]');
    expect(await runCli(['project', '--view', 'nope'], run.io)).toBe(2);
    expect(run.output().stderr).toContain("argument 'nope' is invalid");
  });

  it('reports a missing input file in one line', async () => {
    const run = io();
    expect(
      await runCli(['project', '--view', 'model', '--input', 'does-not-exist.json'], run.io),
    ).toBe(1);
    expect(run.output().stderr).toMatch(
      /^agent-ledger: Cannot read --input does-not-exist.json: .*\n$/,
    );
  });
});
