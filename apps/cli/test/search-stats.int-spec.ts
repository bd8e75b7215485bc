import { rmSync } from 'node:fs';
import { recordSeedExample } from './testing/audit-sessions';
import { recordThroughServer } from './testing/record-through-server';
import { runCliProcess, type CliRun } from './testing/run-cli-process';

/**
 * `search`, `stats` and `replay --call`, each run as a child process against a store the real
 * server wrote: the seed's example pruned (`s1`) and a session with two recorded model calls
 * (`calls`): the first says which revision its context was, the second does not.
 */
let dataDir: string | undefined;

const usage = (input: number, output: number) => ({
  inputTokens: input,
  outputTokens: output,
  totalTokens: input + output,
  inputTokenDetails: { cacheReadTokens: 10 },
  outputTokenDetails: { reasoningTokens: 2 },
});

beforeAll(async () => {
  dataDir = await recordThroughServer(async (post) => {
    await recordSeedExample(post);
    const user = (id: string, text: string) => ({
      messages: [
        {
          id,
          sessionId: 'calls',
          role: 'user',
          kind: 'user_input',
          createdAt: '2026-05-01T10:00:00Z',
          content: text,
        },
      ],
    });
    const step = (generationId: string, text: string, extra: Record<string, unknown>) => ({
      generationId,
      stepNumber: 0,
      messages: [{ role: 'assistant', content: [{ type: 'text', text }] }],
      provider: 'anthropic.messages',
      modelId: 'claude-sonnet-4-5',
      finishReason: 'stop',
      agentName: 'coder',
      ...extra,
    });
    await post('calls/messages', user('u1', 'Where is loginHandler defined?'));
    await post(
      'calls/ai-sdk-steps',
      step('g1', 'In src/auth.ts.', { usage: usage(100, 20), contextRevision: 1 }),
    );
    await post('calls/messages', user('u2', 'Thanks, and the tests?'));
    await post(
      'calls/ai-sdk-steps',
      step('g2', 'In test/auth.spec.ts.', { usage: usage(300, 40) }),
    );
  });
}, 60_000);

afterAll(() => {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

function cli(...args: string[]): CliRun {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  return runCliProcess(args, { DATA_DIR: dataDir });
}

function json(run: CliRun): unknown {
  expect(run).toMatchObject({ status: 0, stderr: '' });
  return JSON.parse(run.stdout);
}

describe('search', () => {
  it('prints a table of hits, the pruned result flagged truncated', () => {
    const run = cli('search', '长文件', '--session', 's1');
    expect(run).toMatchObject({ status: 0, stderr: '' });
    const rows = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/\s{2,}/));
    expect(rows).toEqual([
      ['SESSION', 'MESSAGE', 'KIND', 'REVISION', 'VISIBILITY', 'SCORE', 'SNIPPET'],
      [
        's1',
        'm4',
        'tool_result',
        '4',
        'truncated',
        expect.stringMatching(/^\d+\.\d\d$/) as unknown,
        '...«长文件»...',
      ],
    ]);
  });

  it('prints { results, nextCursor } with --json, across sessions', () => {
    expect(json(cli('search', 'auth', '--json'))).toMatchObject({
      results: expect.arrayContaining([
        expect.objectContaining({ sessionId: 's1', messageId: 'm2' }),
        expect.objectContaining({ sessionId: 'calls', messageId: 'g1:0' }),
      ]) as unknown,
      nextCursor: null,
    });
  });

  it('says where a query is wrong, and names an unknown session', () => {
    expect(cli('search', 'login (fail')).toEqual({
      status: 1,
      stdout: '',
      stderr: 'agent-ledger: Search query "login (fail", column 7: "(" is never closed.\n',
    });
    expect(cli('search', 'x', '--session', 'nope')).toEqual({
      status: 1,
      stdout: '',
      stderr: 'agent-ledger: Session "nope" does not exist.\n',
    });
  });
});

describe('stats', () => {
  it("prints a session's figures as JSON, tokens as the AI SDK's usage recorded them", () => {
    expect(json(cli('stats', 'calls', '--json'))).toMatchObject({
      sessionId: 'calls',
      turns: 2,
      messages: { total: 4, byKind: { user_input: 2, assistant_text: 2 } },
      modelCalls: { total: 2, byModel: { 'anthropic.messages/claude-sonnet-4-5': 2 } },
      tokens: { input: 400, output: 60, reasoning: 4, cachedInput: 20, total: 460 },
    });
  });

  it('prints a table of groups across sessions', () => {
    const run = cli('stats', '--group-by', 'model');
    expect(run).toMatchObject({ status: 0, stderr: '' });
    const rows = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/\s{2,}/));
    expect(rows.map((row) => row.slice(0, 7))).toEqual([
      ['MODEL', 'SESSIONS', 'MESSAGES', 'TURNS', 'MODEL CALLS', 'INPUT', 'OUTPUT'],
      ['anthropic.messages/claude-sonnet-4-5', '1', '2', '0', '2', '400', '60'],
      ['none', '2', '7', '3', '0', '0', '0'],
    ]);
  });

  it('refuses an unknown group and a bad time', () => {
    expect(cli('stats', '--group-by', 'week')).toMatchObject({ status: 2, stdout: '' });
    expect(cli('stats', '--from', 'yesterday')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('--from "yesterday" is not a date or time') as unknown,
    });
  });
});

describe('replay --call', () => {
  it('gives the context as of the revision the call was made from', () => {
    const first = json(
      cli('replay', 'calls', '--call', '1', '--view', 'ai-sdk', '--json'),
    ) as Record<string, unknown>;
    expect(first).toMatchObject({
      revision: 1,
      messages: [{ role: 'user', content: 'Where is loginHandler defined?' }],
      modelCall: {
        callNumber: 1,
        callId: 'g1:step-0',
        contextRevision: 1,
        revisionSource: 'recorded',
      },
    });
    const second = json(
      cli('replay', 'calls', '--call', '2', '--view', 'ai-sdk', '--json'),
    ) as Record<string, unknown>;
    expect(second).toMatchObject({
      messages: [
        { role: 'user', content: 'Where is loginHandler defined?' },
        { role: 'assistant', content: [{ type: 'text', text: 'In src/auth.ts.' }] },
        { role: 'user', content: 'Thanks, and the tests?' },
      ],
      modelCall: { callNumber: 2, revisionSource: 'inferred' },
    });
  });

  it('says how many calls there are', () => {
    expect(cli('replay', 'calls', '--call', '3')).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'agent-ledger: Session "calls" has 2 recorded model calls; call takes 1 to 2, not 3.\n',
    });
  });
});
