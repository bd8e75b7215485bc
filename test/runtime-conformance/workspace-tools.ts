import { jsonSchema, tool, type ToolSet } from 'ai';

/** One `execute` of a tool, as the tools saw it, and what it returned or threw. */
export interface ToolExecution {
  toolName: string;
  toolCallId: string;
  input: unknown;
  output?: string;
  error?: string;
}

/** The files of the fake repository the coding agents work on. */
const initialFiles: Record<string, string> = {
  'src/auth.ts': [
    "import { verify } from './token';",
    "import { findUser } from './users';",
    '',
    '/** Logs a user in with the token the identity provider issued. */',
    'export async function login(rawToken: string) {',
    '  const token = verify(rawToken);',
    '  const user = await findUser(token.subject);',
    '  // The token names the user by `sub`; `subject` is always undefined here.',
    '  if (user === undefined || user.id !== token.userId) {',
    "    throw new Error('invalid credentials');",
    '  }',
    '  return { user, expiresAt: token.expiresAt };',
    '}',
    '',
    'export function logout(sessionId: string) {',
    '  return revokeSession(sessionId);',
    '}',
  ].join('\n'),
  'src/session.ts': [
    "import { randomUUID } from 'node:crypto';",
    '',
    '/** Sessions live for eight hours; the clock is passed in so tests control it. */',
    'export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;',
    '',
    'export function openSession(userId: string, now: Date) {',
    '  return { id: randomUUID(), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };',
    '}',
    '',
    'export function isExpired(session: { expiresAt: Date }, now: Date) {',
    '  return session.expiresAt.getTime() <= now.getTime();',
    '}',
  ].join('\n'),
  'test/auth.spec.ts': [
    "import { login } from '../src/auth';",
    '',
    "it('rejects expired tokens', async () => {",
    "  await expect(login(expiredToken)).rejects.toThrow('token expired');",
    '});',
  ].join('\n'),
  'docs/auth.md': '# Authentication\n\nUsers log in with a token from the identity provider.\n',
};

/** What the fake shell prints per command. */
const shellOutputs: Record<string, string> = {
  'git log -3 --oneline':
    'a41c2e9 Read the user id from the token\n77b0d13 Session TTL of eight hours\n0c9e5aa Login form',
  'npm test -- auth': 'PASS test/auth.spec.ts\n  ✓ rejects expired tokens (4 ms)\nTests: 1 passed',
  'npm test': 'PASS test/auth.spec.ts\nPASS test/session.spec.ts\nTests: 7 passed, 7 total',
  'gh run view --log-failed': [
    'auth.spec.ts › rejects expired tokens',
    '  Expected message: "token expired"',
    '  Received message: "invalid credentials"',
    ...Array.from(
      { length: 12 },
      (_, line) =>
        `    at Object.<anonymous> (test/auth.spec.ts:${line + 4}:11) [frame ${line + 1}]`,
    ),
    'Tests: 1 failed, 6 passed, 7 total',
  ].join('\n'),
  'git diff main...fix/login-token':
    '-  const user = await findUser(token.subject);\n+  const user = await findUser(token.sub);',
};

const fileInput = jsonSchema<{ file_path: string }>({
  type: 'object',
  properties: { file_path: { type: 'string', description: 'Path from the repository root.' } },
  required: ['file_path'],
  additionalProperties: false,
});

/**
 * The coding tools, each with an `execute` that logs to `executions`: Read, Edit, Bash (whose
 * first `npm run lint` throws, as a crashing linter does) and GitPush, which needs a human's
 * approval. Outputs depend only on the input and the files, so a replay gets the same output.
 */
export function workspaceTools(executions: ToolExecution[]): ToolSet {
  const files = new Map(Object.entries(initialFiles));
  let lintRuns = 0;
  return {
    Read: tool({
      description: 'Reads a file of the repository.',
      inputSchema: fileInput,
      execute: logged('Read', executions, (input: { file_path: string }) => {
        const content = files.get(input.file_path);
        if (content === undefined) throw new Error(`${input.file_path}: no such file`);
        return content;
      }),
    }),
    Edit: tool({
      description: 'Replaces one exact string of a file.',
      inputSchema: jsonSchema<{ file_path: string; old_string: string; new_string: string }>({
        type: 'object',
        properties: {
          file_path: { type: 'string' },
          old_string: { type: 'string' },
          new_string: { type: 'string' },
        },
        required: ['file_path', 'old_string', 'new_string'],
        additionalProperties: false,
      }),
      execute: logged(
        'Edit',
        executions,
        (input: { file_path: string; old_string: string; new_string: string }) => {
          const content = files.get(input.file_path) ?? '';
          if (!content.includes(input.old_string)) {
            throw new Error(`${input.file_path} does not contain the text to replace`);
          }
          files.set(input.file_path, content.replace(input.old_string, input.new_string));
          return `Edited ${input.file_path}.`;
        },
      ),
    }),
    Bash: tool({
      description: 'Runs a shell command in the repository.',
      inputSchema: jsonSchema<{ command: string }>({
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command'],
        additionalProperties: false,
      }),
      execute: logged('Bash', executions, (input: { command: string }) => {
        if (input.command === 'npm run lint') {
          lintRuns += 1;
          if (lintRuns === 1) {
            throw new Error('eslint crashed: Parsing error in src/auth.ts:9:41 (unexpected token)');
          }
          return '0 problems';
        }
        return shellOutputs[input.command] ?? `${input.command}: done`;
      }),
    }),
    GitPush: tool({
      description: 'Pushes a branch to the shared remote. Needs a human’s approval.',
      inputSchema: jsonSchema<{ branch: string; force: boolean }>({
        type: 'object',
        properties: { branch: { type: 'string' }, force: { type: 'boolean' } },
        required: ['branch', 'force'],
        additionalProperties: false,
      }),
      needsApproval: true,
      execute: logged(
        'GitPush',
        executions,
        (input: { branch: string; force: boolean }) =>
          `To github.com:acme/shop.git\n * [new branch] ${input.branch} -> ${input.branch}`,
      ),
    }),
  };
}

/** An `execute` that runs `run` and logs the call, its output or its error, to `executions`. */
function logged<INPUT>(
  toolName: string,
  executions: ToolExecution[],
  run: (input: INPUT) => string,
): (input: INPUT, options: { toolCallId: string }) => string {
  return (input, { toolCallId }) => {
    const execution: ToolExecution = { toolName, toolCallId, input };
    executions.push(execution);
    try {
      execution.output = run(input);
      return execution.output;
    } catch (error) {
      execution.error = error instanceof Error ? error.message : String(error);
      throw error;
    }
  };
}
