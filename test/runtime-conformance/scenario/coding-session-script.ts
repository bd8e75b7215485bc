import { reasoningMarker, type ScriptedReply } from '../wire/scripted-reply';
import type { AgentKey } from './session-record';

const anthropic = (index: number, thought: string) =>
  `${thought} ${reasoningMarker('anthropic', index)}`;
const openai = (index: number, thought: string) => `${thought} ${reasoningMarker('openai', index)}`;
const google = (index: number, thought: string) => `${thought} ${reasoningMarker('google', index)}`;

/**
 * The replies of the scripted models, per `generateText` call of `codingSession`. Tool call ids
 * are in the providers' own style; each reasoning text carries a marker.
 */
const script = {
  findTheBug: [
    {
      reasoning: anthropic(1, 'The login check is the likely culprit; read src/auth.ts first.'),
      text: 'I will start with the login code.',
      toolCalls: [{ id: 'toolu_b01', name: 'Read', input: { file_path: 'src/auth.ts' } }],
    },
    {
      reasoning: anthropic(
        2,
        'The token subject looks wrong; check sessions and history together.',
      ),
      toolCalls: [
        { id: 'toolu_b02', name: 'Read', input: { file_path: 'src/session.ts' } },
        { id: 'toolu_b03', name: 'Bash', input: { command: 'git log -3 --oneline' } },
      ],
    },
    {
      text: '`findUser` is called with `token.subject`, which the token does not have; switching to `token.sub`.',
      toolCalls: [
        {
          id: 'toolu_b04',
          name: 'Edit',
          input: {
            file_path: 'src/auth.ts',
            old_string: 'findUser(token.subject)',
            new_string: 'findUser(token.sub)',
          },
        },
      ],
    },
    { toolCalls: [{ id: 'toolu_b05', name: 'Bash', input: { command: 'npm test -- auth' } }] },
    { text: 'Fixed: login now looks the user up by `token.sub`, and the auth tests pass.' },
  ],
  lintAndPush: [
    {
      reasoning: anthropic(3, 'Run the linter before pushing.'),
      toolCalls: [{ id: 'toolu_b06', name: 'Bash', input: { command: 'npm run lint' } }],
    },
    {
      text: 'The linter crashed on a parse error at src/auth.ts:9; fixing that line.',
      toolCalls: [
        {
          id: 'toolu_b07',
          name: 'Edit',
          input: {
            file_path: 'src/auth.ts',
            old_string: 'user.id !== token.userId',
            new_string: 'user.id !== token.sub',
          },
        },
      ],
    },
    { toolCalls: [{ id: 'toolu_b08', name: 'Bash', input: { command: 'npm run lint' } }] },
    {
      text: 'Lint is clean. Pushing fix/login-token.',
      toolCalls: [
        {
          id: 'toolu_b09',
          name: 'GitPush',
          input: { branch: 'fix/login-token', force: false },
        },
      ],
    },
  ],
  afterApprovedPush: [{ text: 'Pushed fix/login-token to the shared remote.' }],
  readCiLog: [
    {
      reasoning: anthropic(4, 'Read the failing CI log.'),
      toolCalls: [
        { id: 'toolu_b10', name: 'Bash', input: { command: 'gh run view --log-failed' } },
      ],
    },
    { text: 'One auth test still expects the old error message; waiting for the rerun.' },
  ],
  fixTheTest: [
    {
      reasoning: anthropic(5, 'The rerun failed the same way, so the expectation is stale.'),
      toolCalls: [{ id: 'toolu_b11', name: 'Read', input: { file_path: 'test/auth.spec.ts' } }],
    },
    {
      toolCalls: [
        {
          id: 'toolu_b12',
          name: 'Edit',
          input: {
            file_path: 'test/auth.spec.ts',
            old_string: ".rejects.toThrow('token expired')",
            new_string: ".rejects.toThrow('invalid credentials')",
          },
        },
      ],
    },
    { toolCalls: [{ id: 'toolu_b13', name: 'Bash', input: { command: 'npm test' } }] },
    { text: 'All 7 tests pass now.' },
  ],
  forcePush: [
    {
      reasoning: anthropic(6, 'A force-push to main needs a human to approve it.'),
      toolCalls: [{ id: 'toolu_b14', name: 'GitPush', input: { branch: 'main', force: true } }],
    },
  ],
  afterDeniedPush: [
    { text: 'Understood: no push to main. The fix stays on fix/login-token for a pull request.' },
  ],
  summary: [
    {
      text: 'Login failed because src/auth.ts looked users up by token.subject; it now uses token.sub on branch fix/login-token (pushed with approval). Lint and all 7 tests pass. A force-push to main was denied: open a pull request instead.',
    },
  ],
  regressionTest: [
    {
      reasoning: anthropic(7, 'Add a test that would have failed with token.subject.'),
      toolCalls: [
        {
          id: 'toolu_b15',
          name: 'Edit',
          input: {
            file_path: 'test/auth.spec.ts',
            old_string: "it('rejects expired tokens'",
            new_string:
              "it('finds the user by token.sub', async () => {\n  await expect(login(validToken)).resolves.toMatchObject({ user: { id: 'u1' } });\n});\n\nit('rejects expired tokens'",
          },
        },
      ],
    },
    { toolCalls: [{ id: 'toolu_b16', name: 'Bash', input: { command: 'npm test -- auth' } }] },
    { text: 'Added a regression test for the token field; the auth tests pass.' },
  ],
  review: [
    {
      reasoning: openai(1, 'Look at the diff and the session module side by side.'),
      toolCalls: [
        { id: 'call_r01', name: 'Bash', input: { command: 'git diff main...fix/login-token' } },
        { id: 'call_r02', name: 'Read', input: { file_path: 'src/session.ts' } },
      ],
    },
    {
      reasoning: openai(2, 'The change is minimal and covered by a test.'),
      text: 'The diff is correct. One nit: the comment in src/auth.ts still mentions `subject`.',
    },
  ],
  prDescription: [
    { toolCalls: [{ id: 'call_c01', name: 'Read', input: { file_path: 'src/auth.ts' } }] },
    {
      toolCalls: [
        { id: 'call_c02', name: 'Bash', input: { command: 'git diff main...fix/login-token' } },
      ],
    },
    {
      text: 'PR: fix login by looking users up by `token.sub`; adds a regression test. Nit: update the comment that mentions `subject`.',
    },
  ],
  documentTheFix: [
    {
      reasoning: google(1, 'Read the current docs first.'),
      toolCalls: [{ id: 'gcall_d01', name: 'Read', input: { file_path: 'docs/auth.md' } }],
    },
    {
      reasoning: google(2, 'Add a troubleshooting note about the sub claim.'),
      toolCalls: [
        {
          id: 'gcall_d02',
          name: 'Edit',
          input: {
            file_path: 'docs/auth.md',
            old_string: 'Users log in with a token from the identity provider.',
            new_string:
              "Users log in with a token from the identity provider; the user is looked up by the token's `sub` claim.",
          },
        },
      ],
    },
    { text: "docs/auth.md now says that users are looked up by the token's `sub` claim." },
  ],
  wrapUp: [
    {
      reasoning: google(3, 'Run the tests once more before answering.'),
      toolCalls: [{ id: 'gcall_d03', name: 'Bash', input: { command: 'npm test' } }],
    },
    { text: 'Nothing else: the fix, the regression test and the docs are done; all tests pass.' },
  ],
} satisfies Record<string, ScriptedReply[]>;

/** Every scripted reply, with the agent whose model gives it, in the order the session asks. */
export const scriptedReplies: Array<[AgentKey, ScriptedReply[]]> = [
  ['build', script.findTheBug],
  ['build', script.lintAndPush],
  ['build', script.afterApprovedPush],
  ['build', script.readCiLog],
  ['build', script.fixTheTest],
  ['build', script.forcePush],
  ['build', script.afterDeniedPush],
  ['build', script.summary],
  ['build', script.regressionTest],
  ['review', script.review],
  ['reviewOnChat', script.prDescription],
  ['docs', script.documentTheFix],
  ['docs', script.wrapUp],
];
