import { rmSync } from 'node:fs';
import {
  recordCompactedSession,
  recordSeedExample,
  recordSessionWithSecret,
} from './testing/audit-sessions';
import { seedExampleAiSdkMessages } from '@agent-ledger/testing';
import { recordThroughServer } from './testing/record-through-server';
import { parseNdjson, runCliProcess, type CliRun } from './testing/run-cli-process';

/**
 * The read commands, each run as a child process against a store the real server wrote: the
 * seed's example pruned (`s1`), a session compacted between two turns (`s2`), and one with a
 * secret (`s3`).
 */
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = await recordThroughServer(async (post) => {
    await recordSeedExample(post);
    await recordCompactedSession(post);
    await recordSessionWithSecret(post);
  });
}, 60_000);

afterAll(() => {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

function cli(...args: string[]): CliRun {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  return runCliProcess(args, { DATA_DIR: dataDir });
}

/** The JSON a successful run printed. */
function json(run: CliRun): unknown {
  expect(run).toMatchObject({ status: 0, stderr: '' });
  return JSON.parse(run.stdout);
}

const anyString: unknown = expect.any(String);
const anyNumber: unknown = expect.any(Number);

const seedAiSdkMessages = seedExampleAiSdkMessages();

describe('sessions', () => {
  it('lists the sessions newest first, as a table', () => {
    const run = cli('sessions');
    expect(run.status).toBe(0);
    const rows = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/\s{2,}/));
    expect(rows).toEqual([
      [
        'SESSION',
        'LAST ACTIVITY',
        'MESSAGES',
        'COMPACTIONS',
        'PRUNINGS',
        'REVISION',
        'STATE',
        'AGENTS',
      ],
      ['s3', anyString, '2', '0', '0', '2', 'open'],
      ['s2', anyString, '8', '1', '0', '8', 'open'],
      ['s1', anyString, '5', '0', '1', '6', 'open'],
    ]);
  });

  it('prints the session list read model with --json', () => {
    const body = json(cli('sessions', '--json', '--limit', '2')) as { sessions: unknown[] };
    expect(body).toEqual({
      sessions: [
        expect.objectContaining({ sessionId: 's3', messageCount: 2 }),
        expect.objectContaining({
          sessionId: 's2',
          messageCount: 8,
          compacted: true,
          lastCompactBoundaryId: 'b1',
          revision: 8,
        }),
      ],
      nextCursor: anyString,
    });
  });
});

describe('events', () => {
  it('prints the raw stream as NDJSON', () => {
    const run = cli('events', 's1');
    expect(run).toMatchObject({ status: 0, stderr: '' });
    const events = parseNdjson(run.stdout);
    expect(events.map((event) => (event as { type: string }).type)).toEqual([
      'SessionStarted',
      'SystemNoteRecorded',
      'UserInputRecorded',
      'ToolCallRecorded',
      'ToolResultRecorded',
      'AssistantTextRecorded',
      'ToolResultsPruned',
    ]);
    expect(events[6]).toEqual({
      revision: 6,
      position: anyNumber,
      type: 'ToolResultsPruned',
      id: anyString,
      data: {
        sessionId: 's1',
        messageIds: ['m4'],
        compactedAt: anyString,
        reason: 'Old tool result no longer needed in full',
      },
      metadata: { schemaVersion: 1 },
      createdAt: anyString,
    });
  });

  it('prints a range of revisions', () => {
    const run = cli('events', 's2', '--from-revision', '5', '--to-revision', '6');
    expect(parseNdjson(run.stdout)).toEqual([
      expect.objectContaining({ revision: 5, type: 'CompactBoundaryRecorded' }),
      expect.objectContaining({ revision: 6, type: 'CompactSummaryRecorded' }),
    ]);
  });
});

describe('replay', () => {
  it('gives the seed’s AI SDK messages for the pruned example', () => {
    const body = json(cli('replay', 's1', '--view', 'ai-sdk', '--json')) as {
      messages: unknown;
    };
    expect(body).toMatchObject({ sessionId: 's1', revision: 6, view: 'ai-sdk' });
    expect(body.messages).toEqual(seedAiSdkMessages);
  });

  it('--to-turn 1 gives what the model saw before the compaction recorded after turn 1', () => {
    expect(json(cli('replay', 's2', '--to-turn', '1', '--view', 'ai-sdk', '--json'))).toEqual({
      sessionId: 's2',
      revision: 4,
      turn: 1,
      view: 'ai-sdk',
      messages: [
        { role: 'user', content: 'Why does login fail?' },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call_1',
              toolName: 'Read',
              input: { file_path: 'src/auth.ts' },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'text', value: 'export const login = () => false;' },
            },
          ],
        },
        { role: 'assistant', content: 'login() always returns false.' },
      ],
      diagnostics: {
        hiddenMessageIds: [],
        truncatedMessageIds: [],
        injectedNotes: [],
        repairs: [],
        fallbacks: [],
        window: { fromRevision: 0, toRevision: 4, eventsRead: 5 },
      },
    });
  });

  it('--to-turn 2 gives the compacted context: the summary, then turn 2', () => {
    expect(json(cli('replay', 's2', '--to-turn', '2', '--view', 'ai-sdk', '--json'))).toEqual({
      sessionId: 's2',
      revision: 8,
      turn: 2,
      view: 'ai-sdk',
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'text',
              // Sharing a user turn with the user's words, the summary says what it is.
              text: '<compact-summary>\nThe user asked why login fails; src/auth.ts shows login() always returns false.\n</compact-summary>',
            },
            { type: 'text', text: 'Fix it.' },
          ],
        },
        { role: 'assistant', content: 'Fixed: login() now checks the password.' },
      ],
      diagnostics: {
        hiddenMessageIds: ['b1'],
        truncatedMessageIds: [],
        injectedNotes: [],
        appliedCompactBoundaryId: 'b1',
        repairs: [],
        fallbacks: [],
        // 4 events of the window, and of the 5 before the boundary the one the history index
        // looks at (the store skips the others).
        window: { fromRevision: 5, toRevision: 8, compactBoundaryId: 'b1', eventsRead: 5 },
      },
    });
  });

  it('shows the transcript at a past revision as an aligned table', () => {
    const run = cli('replay', 's1', '--view', 'transcript', '--to-revision', '5');
    expect(run).toEqual({
      status: 0,
      stderr: '',
      stdout: [
        'Session s1 · revision 5 · transcript view · 5 messages',
        '',
        '#  ROLE       TYPE            SOURCE  NOTES  CONTENT',
        '0  system     system_note     m1             Workspace root is /repo',
        '1  user       user_input      m2             帮我看看 src/auth.ts 为什么登录失败，并修一下。',
        '2  assistant  tool_call       m3             Read {"file_path":"src/auth.ts"}',
        '3  tool       tool_result     m4             call_1 → ...长文件...',
        '4  assistant  assistant_text  m5             我先定位问题，再修改登录逻辑。',
        '',
        '',
      ].join('\n'),
    });
  });

  it('marks the pruned result in the transcript, whole, and truncated to the stub in the model view', () => {
    const transcript = cli('replay', 's1', '--view', 'transcript').stdout.split('\n');
    expect(transcript[6]).toBe(
      '3  tool       tool_result     m4      pruned  call_1 → ...长文件...',
    );
    const model = cli('replay', 's1', '--view', 'model').stdout.split('\n');
    expect(model[6]).toBe(
      '3  tool       tool_result     m4      truncated (stub)  call_1 → [Old tool result content cleared]',
    );
  });
});

describe('diff', () => {
  it('shows what the compaction took away from the model and what came in', () => {
    expect(json(cli('diff', 's2', '--from', '4', '--to', '8', '--json'))).toEqual({
      sessionId: 's2',
      from: { revision: 4, modelMessages: 4 },
      to: { revision: 8, compactBoundaryId: 'b1', modelMessages: 3 },
      changes: [
        ...[
          ['u1', 'user_input'],
          ['a1', 'tool_call'],
          ['r1', 'tool_result'],
          ['a2', 'assistant_text'],
        ].map(([messageId, kind]) => ({
          change: 'removed',
          messageId,
          kind,
          reason: 'before-compact-boundary:b1',
          compactBoundaryId: 'b1',
        })),
        { change: 'added', messageId: 'sum1', kind: 'compact_summary' },
        { change: 'added', messageId: 'u2', kind: 'user_input' },
        { change: 'added', messageId: 'a3', kind: 'assistant_text' },
      ],
      providerChanges: [],
    });
  });

  it('shows a pruned tool result as truncated to the stub, in a table', () => {
    const run = cli('diff', 's1', '--from', '5', '--to', '6');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        [
          '^Model context of session s1: revision 5 \\(5 messages\\) → revision 6 \\(5 messages\\)',
          '',
          'CHANGE     MESSAGE  KIND         DETAIL',
          'truncated  m4       tool_result  to the stub: pruned at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\n$',
        ].join('\n'),
      ),
    );
  });
});

describe('export', () => {
  it('redacts secrets by default', () => {
    const body = json(cli('export', 's3')) as { export: { messages: { content: unknown }[] } };
    expect(body).toMatchObject({ sessionId: 's3', revision: 2, redacted: true });
    expect(body.export.messages.map((message) => message.content)).toEqual([
      'Use OPENAI_API_KEY=[REDACTED] to call the API.',
      'Done; never paste keys into a chat.',
    ]);
  });

  it('renders Markdown, unredacted with --no-redact', () => {
    expect(cli('export', 's3', '--format', 'markdown', '--no-redact')).toEqual({
      status: 0,
      stderr: '',
      stdout: [
        '# Session s3',
        '',
        '### User · 2026-04-08T10:02:00.000Z',
        '',
        'Use OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx to call the API.',
        '',
        '### Assistant · 2026-04-08T10:02:01.000Z',
        '',
        'Done; never paste keys into a chat.',
        '',
      ].join('\n'),
    });
  });
});
