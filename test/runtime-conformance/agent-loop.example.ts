import { randomUUID } from 'node:crypto';
import { generateText, stepCountIs, type LanguageModel, type ToolSet } from 'ai';
import type { LedgerClient, LedgerPrompt, LedgerProvider } from './ledger-client.example';

/** The settings of an agent's model calls, the same for every call (and for an audit's replay). */
export type AgentCallSettings = Pick<
  Parameters<typeof generateText>[0],
  'maxOutputTokens' | 'providerOptions' | 'experimental_toolApprovalSecret'
>;

/** What `generateText` answers. */
export type Generation = Awaited<ReturnType<typeof generateText<ToolSet>>>;

/** One agent of the runtime: its name in the ledger, the model it runs on, its tools. */
export interface Agent {
  name: string;
  provider: LedgerProvider;
  model: LanguageModel;
  tools: ToolSet;
  settings: AgentCallSettings;
}

// #region start-session
/** The session's system prompt: one `system_note`, recorded first. */
export function startSession(ledger: LedgerClient, sessionId: string, systemPrompt: string) {
  return ledger.appendMessages(sessionId, [
    { id: randomUUID(), sessionId, role: 'system', kind: 'system_note', content: systemPrompt },
  ]);
}

/** What the user typed: a `user_input`, which starts a turn. */
export function recordUserInput(ledger: LedgerClient, sessionId: string, text: string) {
  return ledger.appendMessages(sessionId, [
    { id: randomUUID(), sessionId, role: 'user', kind: 'user_input', content: text },
  ]);
}
// #endregion start-session

// #region generate
/**
 * One `generateText` call on the ledger's context. Each step is recorded as it finishes, with the
 * revision of the context its model call saw: the revision the context was read at for the first
 * step, then the revision the previous step's recording answered (the AI SDK awaits
 * `onStepFinish` before it starts the next step).
 */
export async function generate(
  ledger: LedgerClient,
  sessionId: string,
  agent: Agent,
  maxSteps = 5,
): Promise<{ result: Generation; contextRevisions: number[] }> {
  const context = await ledger.modelContext(sessionId, {
    provider: agent.provider,
    activeAgentName: agent.name,
  });
  const generationId = randomUUID();
  const contextRevisions: number[] = [];
  let revision = context.revision;
  // The AI SDK ignores what `onStepFinish` throws. A step the ledger did not record must stop
  // the generation: the next step would build on a history the ledger does not have.
  const abort = new AbortController();
  let recordingError: Error | undefined;
  const result = await generateText({
    model: agent.model,
    tools: agent.tools,
    ...agent.settings,
    ...(context.system == null ? {} : { system: context.system }),
    messages: context.messages,
    stopWhen: stepCountIs(maxSteps),
    abortSignal: abort.signal,
    onStepFinish: async (step) => {
      contextRevisions.push(revision);
      try {
        const recorded = await ledger.recordStep(sessionId, {
          messages: step.response.messages, // everything this generation produced so far
          generationId,
          agentName: agent.name,
          provider: agent.provider,
          modelId: step.response.modelId,
          responseId: step.response.id,
          finishReason: step.finishReason,
          usage: step.usage,
          contextRevision: revision,
        });
        revision = recorded.revision;
      } catch (error) {
        recordingError = error instanceof Error ? error : new Error(String(error));
        abort.abort(recordingError);
      }
    },
  }).catch((error: unknown) => {
    // A generation stopped by the abort fails with the abort's reason: the recording error.
    throw recordingError ?? error;
  });
  if (recordingError !== undefined) throw recordingError;
  return { result, contextRevisions };
}
// #endregion generate

// #region approvals
/** The tool calls a generation stopped on: each waits for a human's yes or no. */
export function pendingApprovals(result: Generation) {
  return result.content.flatMap((part) =>
    part.type === 'tool-approval-request'
      ? [
          {
            approvalId: part.approvalId,
            toolName: part.toolCall.toolName,
            input: part.toolCall.input,
          },
        ]
      : [],
  );
}

/**
 * Records the human's answers as one `tool_approval_response`. The next `generate` hands them to
 * `generateText`, which runs the approved calls itself and tells the model about the denied ones.
 */
export function answerApprovals(
  ledger: LedgerClient,
  sessionId: string,
  answers: Array<{ approvalId: string; approved: boolean; reason?: string }>,
) {
  return ledger.appendMessages(sessionId, [
    {
      id: randomUUID(),
      sessionId,
      role: 'tool',
      kind: 'tool_approval_response',
      content: answers.map((answer) => ({ type: 'tool-approval-response', ...answer })),
    },
  ]);
}
// #endregion approvals

// #region reminder
/** Something the runtime tells the model between calls (hook output, a todo list, a mode change). */
export function remind(ledger: LedgerClient, sessionId: string, text: string) {
  return ledger.appendMessages(sessionId, [
    {
      id: randomUUID(),
      sessionId,
      role: 'system',
      kind: 'runtime_reminder',
      content: text,
      metadata: { source: 'hook' },
    },
  ]);
}
// #endregion reminder

// #region compaction
/**
 * Compacts the session: the model summarizes the compact view (`format=compact-prompt`: the
 * summarizer's instructions, the history since the last boundary, tool calls as text, a last turn
 * asking for the summary), and the ledger records the boundary and the summary together.
 */
export async function compact(
  ledger: LedgerClient,
  sessionId: string,
  agent: Agent,
  tokensBefore: number,
): Promise<{ prompt: LedgerPrompt; summarizer: Generation }> {
  const prompt = await ledger.compactPrompt(sessionId, {
    provider: agent.provider,
    activeAgentName: agent.name,
  });
  const summarizer = await generateText({
    model: agent.model,
    ...agent.settings,
    ...(prompt.system == null ? {} : { system: prompt.system }),
    messages: prompt.messages,
  });
  const boundaryId = randomUUID();
  await ledger.compact(sessionId, {
    boundary: {
      id: boundaryId,
      sessionId,
      role: 'system',
      kind: 'compact_boundary',
      content: { type: 'compact-boundary', trigger: 'auto', tokensBefore },
    },
    summary: {
      id: randomUUID(),
      sessionId,
      role: 'user',
      kind: 'compact_summary',
      content: summarizer.text,
      metadata: { summaryForBoundaryId: boundaryId },
    },
  });
  return { prompt, summarizer };
}
// #endregion compaction

// #region pruning
/** Old, long tool results become stubs for the model; the transcript keeps them whole. */
export function pruneOldToolResults(ledger: LedgerClient, sessionId: string) {
  return ledger.prune(sessionId, { policy: { keepLastUserTurns: 1, minChars: 400 } });
}
// #endregion pruning

// #region handoff
/** Another agent takes over; `summary` is what it reads first. */
export function handOff(
  ledger: LedgerClient,
  sessionId: string,
  from: Agent,
  to: Agent,
  summary: string,
) {
  return ledger.handoff(sessionId, {
    fromAgent: from.name,
    toAgent: to.name,
    summary,
    reason: `${to.name} requested`,
  });
}
// #endregion handoff
