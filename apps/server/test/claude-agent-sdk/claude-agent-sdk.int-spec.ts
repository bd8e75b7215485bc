import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLedgerClient, type LedgerClient } from '@agent-ledger/client';
import {
  createClaudeSessionStore,
  ledgerSessionIdOf,
  type SessionStoreEntry,
} from '@agent-ledger/client/claude-agent-sdk';
import { startServer, type RunningServer } from '../testing/start-server';
import {
  startAnthropicStandIn,
  type AnthropicStandIn,
  type ReceivedRequest,
} from './testing/anthropic-stand-in';
import type { DriverInput } from './testing/sdk-driver';

/**
 * The Claude Agent SDK (`test/sdk-packages`, the real Claude Code CLI) with the ledger's
 * SessionStore, against a loopback stand-in for the Anthropic API: a Bash call that really runs,
 * a resume from a machine with no local transcript, and the SDK's session functions.
 */

const root = path.resolve(__dirname, '..', '..', '..', '..');
const PREFIX = 'sdk-';
/** A turn runs the whole CLI (a few seconds; much longer on a loaded machine). */
const SDK_CALL_MS = 180_000;

interface QueryResult {
  sessionId: string;
  result: string;
  subtype: string;
  types: string[];
}

describe('the Claude Agent SDK with the ledger as its SessionStore', () => {
  let server: RunningServer;
  let standIn: AnthropicStandIn;
  let client: LedgerClient;
  const cwd = mkdtempSync(path.join(tmpdir(), 'agent-ledger-claude-cwd-'));
  let sessionId = '';

  const drive = async <T>(input: DriverInput, configDir: string): Promise<T> => {
    const run = await promisify(execFile)(
      process.execPath,
      [
        '-r',
        path.join(root, 'scripts', 'ts-register.js'),
        path.join(__dirname, 'testing', 'sdk-driver.ts'),
        JSON.stringify(input),
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          LEDGER_URL: server.url,
          // Where the store's own import of the SDK finds it, as an app's node_modules would.
          NODE_PATH: path.join(root, 'test', 'sdk-packages', 'node_modules'),
          LEDGER_PREFIX: PREFIX,
          AGENT_CWD: cwd,
          CLAUDE_CONFIG_DIR: configDir,
          ANTHROPIC_BASE_URL: standIn.url,
          ANTHROPIC_API_KEY: 'sk-ant-stand-in',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_TELEMETRY: '1',
        },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: SDK_CALL_MS,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => error);
    const lines = (run.stdout ?? '').trim().split('\n');
    const answer = JSON.parse(lines.at(-1) ?? '{}') as { ok: boolean; result?: T; error?: string };
    if (!answer.ok) throw new Error(`${answer.error ?? 'no answer'}\n${run.stderr ?? ''}`);
    return answer.result as T;
  };
  const freshConfigDir = () => mkdtempSync(path.join(tmpdir(), 'agent-ledger-claude-config-'));

  beforeAll(async () => {
    server = await startServer();
    client = createLedgerClient({ baseUrl: server.url });
    standIn = await startAnthropicStandIn((request) => {
      if (hasToolResult(request)) return { text: 'The command printed hello-from-bash.' };
      if (textOf(request.messages.at(-1)?.content).includes('What did it print?')) {
        return { text: 'It printed hello-from-bash.' };
      }
      return {
        toolUse: {
          id: 'toolu_stand_in_1',
          name: 'Bash',
          input: { command: 'echo hello-from-bash', description: 'Print a greeting' },
        },
      };
    });
  }, 90_000);
  afterAll(async () => {
    await standIn?.close();
    await server?.stop();
  });

  it(
    'runs a turn with a real Bash call, mirrored into a ledger session as it goes',
    async () => {
      const configDir = freshConfigDir();
      const outcome = await drive<QueryResult>(
        { op: 'query', prompt: 'Say hello with bash' },
        configDir,
      );
      sessionId = outcome.sessionId;
      expect(outcome).toMatchObject({
        subtype: 'success',
        result: 'The command printed hello-from-bash.',
      });
      // The CLI ran the command: its output went back to the model.
      const [, second] = standIn.conversation();
      expect(JSON.stringify(second?.messages.at(-1))).toContain('hello-from-bash');

      // The store holds the transcript the CLI wrote locally (less the lines it keeps to itself,
      // such as its API request records), entry for entry, in order.
      const store = createClaudeSessionStore({ client, prefix: PREFIX });
      const projectKey = projectKeyOf(configDir, sessionId);
      const local = readLocalTranscript(configDir, sessionId);
      const loaded = (await store.load({ projectKey, sessionId })) ?? [];
      const conversation = (entries: SessionStoreEntry[]) =>
        entries.filter((entry) => entry.type === 'user' || entry.type === 'assistant');
      expect(conversation(loaded)).toEqual(conversation(local));
      expect(conversation(loaded).length).toBeGreaterThanOrEqual(4);
      let next = 0;
      for (const entry of loaded) {
        const at = local.findIndex(
          (candidate, index) =>
            index >= next && JSON.stringify(candidate) === JSON.stringify(entry),
        );
        expect(at).toBeGreaterThanOrEqual(next);
        next = at + 1;
      }

      // And it is a ledger session like any other: its transcript has the call and its result.
      const ledgerSessionId = ledgerSessionIdOf(PREFIX, { projectKey, sessionId });
      const page = await client.transcriptPage(ledgerSessionId);
      expect(page.entries.map((entry) => entry.kind)).toEqual([
        'user_input',
        'tool_call',
        'tool_result',
        'assistant_text',
      ]);
      expect(JSON.stringify(page.entries[2]?.content)).toContain('hello-from-bash');
    },
    SDK_CALL_MS,
  );

  it(
    'resumes from a machine with no local transcript: the model is sent the earlier turns',
    async () => {
      const before = standIn.conversation().length;
      const outcome = await drive<QueryResult>(
        { op: 'query', prompt: 'What did it print?', resume: sessionId },
        freshConfigDir(),
      );
      expect(outcome).toMatchObject({ subtype: 'success', result: 'It printed hello-from-bash.' });
      const request = standIn.conversation()[before];
      const sent = JSON.stringify(request?.messages);
      expect(sent).toContain('Say hello with bash');
      expect(sent).toContain('toolu_stand_in_1');
      expect(sent).toContain('hello-from-bash');
      expect(sent).toContain('What did it print?');
    },
    SDK_CALL_MS,
  );

  it(
    'lists, reads, forks and deletes sessions through the SDK’s functions',
    async () => {
      const configDir = freshConfigDir();
      const listed = await drive<Array<{ sessionId: string }>>({ op: 'listSessions' }, configDir);
      expect(listed.map((session) => session.sessionId)).toContain(sessionId);

      const messages = await drive<Array<{ type: string; message: unknown }>>(
        { op: 'getSessionMessages', sessionId },
        configDir,
      );
      expect(messages.map((message) => message.type)).toEqual(
        expect.arrayContaining(['user', 'assistant']),
      );
      expect(JSON.stringify(messages)).toContain('It printed hello-from-bash.');

      const fork = await drive<{ sessionId: string }>({ op: 'forkSession', sessionId }, configDir);
      expect(fork.sessionId).not.toBe(sessionId);
      const afterFork = await drive<Array<{ sessionId: string }>>(
        { op: 'listSessions' },
        configDir,
      );
      expect(afterFork.map((session) => session.sessionId)).toEqual(
        expect.arrayContaining([sessionId, fork.sessionId]),
      );

      await drive({ op: 'deleteSession', sessionId: fork.sessionId }, configDir);
      const afterDelete = await drive<Array<{ sessionId: string }>>(
        { op: 'listSessions' },
        configDir,
      );
      expect(afterDelete.map((session) => session.sessionId)).toEqual([sessionId]);
    },
    5 * SDK_CALL_MS,
  );
});

function hasToolResult(request: ReceivedRequest): boolean {
  const last = request.messages.at(-1)?.content;
  return (
    Array.isArray(last) &&
    last.some((block) => (block as { type?: unknown }).type === 'tool_result')
  );
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      (block as { type?: unknown }).type === 'text'
        ? String((block as { text?: unknown }).text)
        : '',
    )
    .join('\n');
}

/** `<config>/projects/<projectKey>/<sessionId>.jsonl`, wherever the CLI put it. */
function localTranscriptPath(configDir: string, sessionId: string): string {
  const projects = path.join(configDir, 'projects');
  for (const project of readdirSync(projects)) {
    const file = path.join(projects, project, `${sessionId}.jsonl`);
    if (statSync(file, { throwIfNoEntry: false })?.isFile() === true) return file;
  }
  throw new Error(`No local transcript of ${sessionId} under ${projects}`);
}

function projectKeyOf(configDir: string, sessionId: string): string {
  return path.basename(path.dirname(localTranscriptPath(configDir, sessionId)));
}

function readLocalTranscript(configDir: string, sessionId: string): SessionStoreEntry[] {
  return readFileSync(localTranscriptPath(configDir, sessionId), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SessionStoreEntry);
}
