// Runs one Claude Agent SDK call with the ledger's SessionStore, in a process of its own (the SDK
// is an ES module, which Jest's module registry cannot load; plain Node 20 can), and prints its
// result as one JSON line. Input: a JSON object as the first argument (see `DriverInput`).
import { createRequire } from 'node:module';
import path from 'node:path';
import { createClaudeSessionStore } from '@agent-ledger/client/claude-agent-sdk';

/** What the driver is asked to do. */
export type DriverInput =
  | { op: 'query'; prompt: string; resume?: string }
  | { op: 'listSessions' }
  | { op: 'getSessionMessages'; sessionId: string }
  | { op: 'forkSession'; sessionId: string }
  | { op: 'deleteSession'; sessionId: string };

interface SdkModule {
  query(input: {
    prompt: string;
    options: Record<string, unknown>;
  }): AsyncIterable<Record<string, unknown>>;
  listSessions(options: Record<string, unknown>): Promise<Array<Record<string, unknown>>>;
  getSessionMessages(sessionId: string, options: Record<string, unknown>): Promise<unknown[]>;
  forkSession(sessionId: string, options: Record<string, unknown>): Promise<{ sessionId: string }>;
  deleteSession(sessionId: string, options: Record<string, unknown>): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..', '..', '..', '..');

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as DriverInput;
  const fromTestPackages = createRequire(path.join(root, 'test', 'sdk-packages', 'package.json'));
  // An ES module, loaded with `require` (Node >= 20.19), as the server's own ES dependencies are.
  const sdk = fromTestPackages('@anthropic-ai/claude-agent-sdk') as SdkModule;
  const env = process.env;
  const sessionStore = createClaudeSessionStore({
    baseUrl: env.LEDGER_URL ?? '',
    prefix: env.LEDGER_PREFIX ?? '',
    // No foldSessionSummary: the store imports the SDK's itself (found through NODE_PATH here).
  });
  const cwd = env.AGENT_CWD ?? process.cwd();
  const options = { dir: cwd, sessionStore };
  let result: unknown;
  switch (input.op) {
    case 'query': {
      const messages: Array<Record<string, unknown>> = [];
      for await (const message of sdk.query({
        prompt: input.prompt,
        options: {
          cwd,
          sessionStore,
          allowedTools: ['Bash'],
          tools: ['Bash'],
          settingSources: [],
          model: 'claude-sonnet-4-5',
          ...(input.resume === undefined ? {} : { resume: input.resume }),
          env: { ...env },
          stderr: (data: string) => process.stderr.write(data),
        },
      })) {
        messages.push(message);
      }
      const final = messages.find((message) => message.type === 'result');
      result = {
        sessionId: final?.session_id,
        result: final?.result,
        subtype: final?.subtype,
        types: messages.map((message) =>
          typeof message.subtype === 'string'
            ? `${String(message.type)}:${message.subtype}`
            : message.type,
        ),
      };
      break;
    }
    case 'listSessions':
      result = await sdk.listSessions(options);
      break;
    case 'getSessionMessages':
      result = await sdk.getSessionMessages(input.sessionId, options);
      break;
    case 'forkSession':
      result = await sdk.forkSession(input.sessionId, options);
      break;
    case 'deleteSession':
      await sdk.deleteSession(input.sessionId, options);
      result = { deleted: input.sessionId };
      break;
  }
  process.stdout.write(`\n${JSON.stringify({ ok: true, result })}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(
    `\n${JSON.stringify({ ok: false, error: error instanceof Error ? error.stack : String(error) })}\n`,
  );
  process.exitCode = 1;
});
