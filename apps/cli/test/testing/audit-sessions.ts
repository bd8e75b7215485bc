import { seedExampleMessages } from '@agent-ledger/testing';
import type { PostCommand } from './record-through-server';

const at = (minute: number, second: number) =>
  `2026-04-08T10:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;

/** The seed's worked example (m1–m5, in session `s1`), then m4 pruned: revisions 0–6. */
export async function recordSeedExample(post: PostCommand): Promise<void> {
  await post('s1/messages', { messages: seedExampleMessages() });
  await post('s1/prunings', {
    messageIds: ['m4'],
    reason: 'Old tool result no longer needed in full',
  });
}

/**
 * Session `s2`: turn 1 (read a file, find the bug), a compaction recorded between the turns,
 * then turn 2. Revisions: 0 started, 1 u1, 2 a1 (tool call), 3 r1 (its result), 4 a2, 5 b1
 * (boundary), 6 sum1 (summary), 7 u2, 8 a3.
 */
export async function recordCompactedSession(post: PostCommand): Promise<void> {
  const base = (id: string, second: number) => ({ id, sessionId: 's2', createdAt: at(1, second) });
  await post('s2/messages', {
    messages: [
      {
        ...base('u1', 0),
        kind: 'user_input',
        role: 'user',
        content: 'Why does login fail?',
      },
      {
        ...base('a1', 1),
        kind: 'tool_call',
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
        ...base('r1', 2),
        kind: 'tool_result',
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
      {
        ...base('a2', 3),
        kind: 'assistant_text',
        role: 'assistant',
        content: 'login() always returns false.',
      },
    ],
  });
  await post('s2/compactions', {
    boundary: {
      ...base('b1', 4),
      kind: 'compact_boundary',
      role: 'system',
      content: { type: 'compact-boundary', trigger: 'auto', tokensBefore: 120000 },
    },
    summary: {
      ...base('sum1', 5),
      kind: 'compact_summary',
      role: 'user',
      content: 'The user asked why login fails; src/auth.ts shows login() always returns false.',
      metadata: { summaryForBoundaryId: 'b1' },
    },
  });
  await post('s2/messages', {
    messages: [
      { ...base('u2', 6), kind: 'user_input', role: 'user', content: 'Fix it.' },
      {
        ...base('a3', 7),
        kind: 'assistant_text',
        role: 'assistant',
        content: 'Fixed: login() now checks the password.',
      },
    ],
  });
}

/** Session `s3`: a user input holding an API key, for the export's redaction. */
export async function recordSessionWithSecret(post: PostCommand): Promise<void> {
  await post('s3/messages', {
    messages: [
      {
        id: 'k1',
        sessionId: 's3',
        kind: 'user_input',
        role: 'user',
        createdAt: at(2, 0),
        content: 'Use OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx to call the API.',
      },
      {
        id: 'k2',
        sessionId: 's3',
        kind: 'assistant_text',
        role: 'assistant',
        createdAt: at(2, 1),
        content: 'Done; never paste keys into a chat.',
      },
    ],
  });
}
