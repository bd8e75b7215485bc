import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { aiSdkMessageViolations } from '@agent-ledger/ai-sdk/testing';
import {
  OTEL_INPUT_MESSAGES_SCHEMA,
  OTEL_OUTPUT_MESSAGES_SCHEMA,
  OTEL_SYSTEM_INSTRUCTIONS_SCHEMA,
  readFixture,
} from '@agent-ledger/interchange/testing';
import { startServer, type RunningServer } from '../../test/testing/start-server';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const CLAUDE_CODE = 'libs/interchange/src/testing/fixtures/claude-code';

function claudeCodeBody(): unknown {
  return {
    format: 'claude-code',
    content: readFixture('claude-code/cc-session-1.jsonl'),
    subagents: [
      {
        name: 'agent-a7f3c1.jsonl',
        content: readFixture('claude-code/cc-session-1/subagents/agent-a7f3c1.jsonl'),
      },
    ],
  };
}

describe('POST /v1/sessions/:id/imports and the interchange exports', () => {
  let server: RunningServer;
  const post = (sessionId: string, body: unknown) =>
    fetch(`${server.url}/v1/sessions/${sessionId}/imports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const get = async (route: string): Promise<unknown> =>
    (await fetch(`${server.url}${route}`)).json();

  beforeAll(async () => {
    server = await startServer({ READ_MODEL_WAIT_MS: '3000' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('imports a Claude Code session with its sub-agent, and a second import appends nothing', async () => {
    const first = await post('cc-session-1', claudeCodeBody());
    expect(first.status).toBe(200);
    const body = (await first.json()) as { sessions: unknown[]; report: { modelCalls: number } };
    expect(body.sessions).toEqual([
      { sessionId: 'cc-session-1', appended: 28, revision: 27, position: 28 },
      {
        sessionId: 'cc-session-1.agent-a7f3c1',
        parent: { sessionId: 'cc-session-1', toolCallId: 'toolu_3' },
        appended: 7,
        revision: 6,
        position: 35,
      },
    ]);
    expect(body.report.modelCalls).toBe(8);
    const again = (await (await post('cc-session-1', claudeCodeBody())).json()) as {
      sessions: Array<{ appended: number }>;
    };
    expect(again.sessions.map((session) => session.appended)).toEqual([0, 0]);
  });

  it('serves the anthropic model context from the compaction on, and the whole main line in the transcript', async () => {
    const context = (await get(
      '/v1/sessions/cc-session-1/model-context?format=ai-sdk&provider=anthropic',
    )) as {
      messages: Parameters<typeof aiSdkMessageViolations>[0];
      diagnostics: { window: { compactBoundaryId?: string } };
    };
    expect(context.diagnostics.window.compactBoundaryId).toBe('b1');
    expect(JSON.stringify(context.messages[0])).toContain('This session is being continued');
    expect(JSON.stringify(context.messages)).not.toContain('Why does login fail');
    expect(aiSdkMessageViolations(context.messages, { provider: 'anthropic' })).toEqual([]);
    const transcript = (await get(
      '/v1/sessions/cc-session-1/transcript?limit=100&minPosition=35',
    )) as { entries: Array<{ id: string }> };
    expect(transcript.entries.map((entry) => entry.id)).toEqual([
      'u0',
      'u1',
      'a1',
      'a2',
      'a3',
      'r1',
      'r2',
      'a5',
      'r3',
      'u2',
      'a6',
      'r4',
      'a7',
      'b1',
      'cs1',
      'u3',
      'a8',
      'r5',
      'a9',
      'u4',
      'a10',
    ]);
  });

  it('exports OpenTelemetry GenAI calls that validate against the conventions’ schemas', async () => {
    const exported = (await get('/v1/sessions/cc-session-1/export?format=otel-genai')) as {
      calls: Array<{ attributes: Record<string, unknown> }>;
    };
    const ajv = new Ajv({ strict: false });
    const checks: Array<[string, object]> = [
      ['gen_ai.input.messages', OTEL_INPUT_MESSAGES_SCHEMA],
      ['gen_ai.output.messages', OTEL_OUTPUT_MESSAGES_SCHEMA],
      ['gen_ai.system_instructions', OTEL_SYSTEM_INSTRUCTIONS_SCHEMA],
    ];
    expect(exported.calls).toHaveLength(6);
    for (const call of exported.calls) {
      for (const [attribute, schema] of checks)
        expect(ajv.validate(schema, call.attributes[attribute])).toBe(true);
    }
  });

  it('round-trips UI messages through the server, and exports JSONL', async () => {
    const chat = JSON.parse(readFixture('ui-messages/chat.json')) as unknown[];
    expect((await post('chat', { format: 'ui-messages', data: chat })).status).toBe(200);
    const exported = (await get('/v1/sessions/chat/export?format=ui-messages')) as {
      messages: unknown[];
    };
    // The export policy leaves reasoning out by default: the chat without its one reasoning part.
    const withoutReasoning = JSON.parse(JSON.stringify(chat), (key, value: unknown) =>
      Array.isArray(value)
        ? value.filter((part: { type?: string }) => part?.type !== 'reasoning')
        : value,
    ) as unknown[];
    expect(exported.messages).toEqual(withoutReasoning);
    const jsonl = await fetch(`${server.url}/v1/sessions/chat/export?format=jsonl`);
    expect(jsonl.headers.get('content-type')).toContain('application/x-ndjson');
    expect(
      (await jsonl.text())
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id)[0],
    ).toBe('sys');
  });

  it('answers an unreadable source with 400 and appends nothing', async () => {
    const response = await post('bad', { format: 'claude-code', content: 'not json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('InvalidRequest');
    expect((await fetch(`${server.url}/v1/sessions/bad/events`)).status).toBe(404);
  });

  it('imports from the CLI, as a child process, idempotently', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-import-'));
    const cli = (...args: string[]) =>
      spawnSync(
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
        },
      );
    try {
      const first = cli('import', '--from', 'claude-code', CLAUDE_CODE);
      expect(first.stderr).toBe('');
      expect(first.stdout).toContain('cc-session-1: 28 event(s) appended, revision 27');
      expect(cli('import', '--from', 'claude-code', CLAUDE_CODE).stdout).toContain(
        'cc-session-1: 0 event(s) appended, revision 27',
      );
      const exported = cli('export', 'cc-session-1', '--format', 'jsonl');
      expect(exported.stdout.trim().split('\n')).toHaveLength(20);
      // AI SDK model messages, checked by the SDK's own schema (loaded on first use).
      const modelMessages = path.join(dataDir, 'prompt.json');
      writeFileSync(
        modelMessages,
        JSON.stringify([
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hello' },
        ]),
      );
      const imported = cli(
        'import',
        '--from',
        'model-messages',
        '--session-id',
        'mm1',
        modelMessages,
      );
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toContain('mm1: 3 event(s) appended, revision 2');
      writeFileSync(modelMessages, JSON.stringify([{ role: 'user', content: 42 }]));
      const refused = cli(
        'import',
        '--from',
        'model-messages',
        '--session-id',
        'mm2',
        modelMessages,
      );
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('not an AI SDK ModelMessage');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
