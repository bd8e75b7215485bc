import {
  createLedgerClient,
  type LedgerClient,
  type RuntimeMessageInput,
} from '@agent-ledger/client';

/** The ids the browser tests and the screenshots look for. */
export const DEMO = {
  sessionId: 'demo-login-fix',
  otherSessionId: 'demo-docs',
  /** A word found only in the pruned tool result's original output. */
  prunedWord: 'flibbertigibbet',
  prunedResultId: 'm4',
  boundaryId: 'b1',
  summaryId: 'sum1',
} as const;

const at = (second: number): string => new Date(Date.UTC(2026, 3, 8, 9, 0, second)).toISOString();

/**
 * Fills a running server through its public API with the sessions the inspector's tests and
 * screenshots show: messages, reasoning, tool calls and results (one long, later pruned, one an
 * error), a compaction, an approval, a hand-off and AI SDK steps (so model calls and tokens exist).
 * Answers the revision of the demo session's compaction (the slider's "before" is one less).
 */
export async function fillDemoSessions(
  baseUrl: string,
  apiKey?: string,
): Promise<{ boundaryRevision: number }> {
  const client = createLedgerClient({ baseUrl, ...(apiKey === undefined ? {} : { apiKey }) });
  const sessionId = DEMO.sessionId;
  const message = (
    id: string,
    second: number,
    rest: Omit<RuntimeMessageInput, 'id' | 'sessionId' | 'createdAt'>,
  ) => ({ id, sessionId, createdAt: at(second), ...rest }) as RuntimeMessageInput;
  const longOutput = Array.from(
    { length: 120 },
    (_line, index) =>
      `${index + 1}: export function login(user) { /* ${index === 60 ? DEMO.prunedWord : 'check the token'} */ }`,
  ).join('\n');

  await client.appendMessages(sessionId, {
    messages: [
      message('m1', 0, {
        kind: 'system_note',
        role: 'system',
        content: 'Workspace root is /repo',
        metadata: { agentName: 'build' },
      }),
      message('m2', 1, {
        kind: 'user_input',
        role: 'user',
        content: 'Why does login fail in src/auth.ts? Please fix it.',
      }),
      message('m2r', 2, {
        kind: 'assistant_reasoning',
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'The token check probably compares against an expired value.',
          },
        ],
        metadata: { agentName: 'build' },
      }),
      message('m3', 3, {
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
        metadata: { agentName: 'build' },
      }),
      message(DEMO.prunedResultId, 4, {
        kind: 'tool_result',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'text', value: longOutput },
          },
        ],
      }),
      message('m5', 5, {
        kind: 'tool_call',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_2',
            toolName: 'Grep',
            input: { pattern: 'expiresAt' },
          },
        ],
        metadata: { agentName: 'build' },
      }),
      message('m6', 6, {
        kind: 'tool_result',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'Grep',
            output: { type: 'error-text', value: 'grep: src/: permission denied' },
          },
        ],
      }),
      message('m7', 7, {
        kind: 'assistant_text',
        role: 'assistant',
        content: 'The token check compares against the issue time; I will fix it.',
        metadata: { agentName: 'build' },
      }),
    ],
  });
  await client.prune(sessionId, {
    messageIds: [DEMO.prunedResultId],
    reason: 'Old tool result no longer needed in full',
  });
  const compaction = await client.compact(sessionId, {
    boundary: {
      id: DEMO.boundaryId,
      sessionId,
      kind: 'compact_boundary',
      role: 'system',
      createdAt: at(9),
      content: { type: 'compact-boundary', trigger: 'auto', tokensBefore: 120000 },
    },
    summary: {
      id: DEMO.summaryId,
      sessionId,
      kind: 'compact_summary',
      role: 'user',
      createdAt: at(9),
      content:
        'The user asked why login fails; src/auth.ts was read; the token check compares against the issue time.',
      metadata: { summaryForBoundaryId: DEMO.boundaryId },
    },
  });
  await client.appendMessages(sessionId, {
    messages: [
      message('m8', 10, {
        kind: 'user_input',
        role: 'user',
        content: 'Go ahead and edit the file.',
      }),
      message('m9', 11, {
        kind: 'tool_call',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_3',
            toolName: 'Edit',
            input: { file_path: 'src/auth.ts', patch: '- issuedAt\n+ expiresAt' },
          },
        ],
        metadata: { agentName: 'build' },
      }),
      message('m10', 12, {
        kind: 'tool_approval_request',
        role: 'assistant',
        content: [
          { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_3' },
        ],
        metadata: { agentName: 'build' },
      }),
      message('m11', 13, {
        kind: 'tool_approval_response',
        role: 'tool',
        content: [
          {
            type: 'tool-approval-response',
            approvalId: 'approval_1',
            approved: true,
            reason: 'looks right',
          },
        ],
      }),
      message('m12', 14, {
        kind: 'tool_result',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_3',
            toolName: 'Edit',
            output: { type: 'text', value: 'Edited src/auth.ts (1 line)' },
          },
        ],
      }),
    ],
  });
  const context = await client.modelContext(sessionId, { format: 'ai-sdk-prompt' });
  await recordStep(
    client,
    sessionId,
    'gen-1',
    context.revision,
    'The fix is in: the token check now compares against expiresAt.',
    1800,
    64,
    'build',
    // What a runtime measured and was billed for this call; the review's call has neither.
    { latencyMs: 1840, cost: { amount: 0.0061, currency: 'USD' } },
  );
  await client.handoff(sessionId, {
    fromAgent: 'build',
    toAgent: 'review',
    summary: 'Fixed the token check in src/auth.ts; please review the diff.',
    reason: 'review requested',
    handoffId: 'handoff-1',
  });
  const afterHandoff = await client.modelContext(sessionId, { format: 'ai-sdk-prompt' });
  await recordStep(
    client,
    sessionId,
    'gen-2',
    afterHandoff.revision,
    'Reviewed: the change is correct and minimal.',
    950,
    40,
    'review',
  );

  await client.appendMessages(DEMO.otherSessionId, {
    messages: [
      {
        id: 'd1',
        sessionId: DEMO.otherSessionId,
        kind: 'user_input',
        role: 'user',
        content: 'Write the README section on search.',
        createdAt: at(30),
      },
      {
        id: 'd2',
        sessionId: DEMO.otherSessionId,
        kind: 'assistant_text',
        role: 'assistant',
        content: 'Done: a section with the query syntax.',
        createdAt: at(31),
        metadata: { agentName: 'docs' },
      },
    ],
  });
  return { boundaryRevision: compaction.revision - 1 };
}

async function recordStep(
  client: LedgerClient,
  sessionId: string,
  generationId: string,
  contextRevision: number,
  text: string,
  inputTokens: number,
  outputTokens: number,
  agentName = 'build',
  measured: { latencyMs?: number; cost?: { amount: number; currency: string } } = {},
): Promise<void> {
  await client.recordAiSdkStep(sessionId, {
    generationId,
    stepNumber: 0,
    messages: [{ role: 'assistant', content: [{ type: 'text', text }] }],
    agentName,
    provider: 'anthropic.messages',
    modelId: 'claude-sonnet-4-5',
    responseId: `${generationId}-response`,
    finishReason: 'stop',
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    contextRevision,
    ...measured,
  });
}
