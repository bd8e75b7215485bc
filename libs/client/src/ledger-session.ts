import type { ErasureReceipt } from './contract/erasures';
import type { generateText, LanguageModel, ModelMessage, StepResult, ToolSet } from 'ai';
import type {
  CommandResult,
  ForkSessionRequest,
  OverflowAttemptRecord,
  PruningPolicy,
  RewindResult,
} from './contract/commands';
import type {
  ModelContextDiagnostics,
  ModelContextQuery,
  ModelContextResponse,
  PageQuery,
  ModelViewOptions,
  SessionSummary,
} from './contract/queries';
import type { BlobRef } from './contract/blobs';
import type { RuntimeMessageInput } from './contract/runtime-message';
import type { OverflowShrinkStrategy } from './ai-sdk/next-overflow-shrink';
import type { ApprovalAnswer } from './ai-sdk/pending-approvals';
import { recoverOverflow } from './ai-sdk/recover-overflow';
import type { LedgerClient } from './create-ledger-client';
import type { TranscriptStreamOptions } from './transcript-stream';

/** How a session handle records. */
export interface LedgerSessionOptions {
  /** The agent recorded on every message and model call (`metadata.agentName`), and asked for in prompts. */
  agentName?: string;
  runId?: string;
  /**
   * `track` (default): every command carries the last revision this handle saw as
   * `expectedRevision`, so a write from elsewhere in between is refused (`409
   * WrongExpectedRevision`) instead of being built on unseen; `off`: never sent.
   */
  concurrency?: 'track' | 'off';
  /** Ids of new messages and generations (default `crypto.randomUUID`). */
  generateId?: () => string;
  /**
   * The data subject whose content the session holds (an end user's id): sent with every append
   * and step, recorded by the first; what `erasures.create({ subjectId })` erases by.
   */
  subjectId?: string;
}

/** A message to record; `id` defaults to a new one, `sessionId` is the handle's. */
export type NewMessage = Omit<RuntimeMessageInput, 'id' | 'sessionId'> & {
  id?: string | undefined;
};

/** What `session.prompt` asks for: the provider to serialize for, and the model-view options. */
export interface PromptOptions extends Omit<
  ModelContextQuery,
  'format' | 'atRevision' | 'activeAgentName'
> {
  /** `anthropic`, `openai`, `openai.chat`, `google` (or an AI SDK `model.provider`). */
  provider: string;
  /** Default: the handle's `agentName`. */
  agentName?: string;
  /** An audit: the context as of this past revision (starts no generation). */
  atRevision?: number;
}

/**
 * A context ready for `generateText` / `streamText`: spread it (`{ model, tools, ...prompt }`).
 * `abortSignal` stops the generation when a step cannot be recorded.
 */
export interface LedgerPrompt {
  system?: string;
  messages: ModelMessage[];
  abortSignal: AbortSignal;
  /** The revision the context was computed at. */
  revision: number;
  diagnostics: ModelContextDiagnostics;
  /** The context's input tokens for the provider, and how they were counted. */
  tokens: ModelContextResponse['tokens'];
  /**
   * OpenAI: the session's prompt cache key. Not spread as `providerOptions` (it would replace the
   * agent's own): pass it in them, `providerOptions: { openai: { ...yours, promptCacheKey } }`.
   */
  promptCacheKey?: string;
}

/** What `prepareStep` gives `generateText` for a step: the ledger's context. */
export interface LedgerStep {
  system?: string;
  messages: ModelMessage[];
}

/** The step fields the ledger records: an AI SDK `StepResult` (from `onStepFinish`) fits. */
export type RecordableStep = Pick<
  StepResult<ToolSet>,
  'stepNumber' | 'response' | 'finishReason' | 'usage' | 'providerMetadata'
> & { model?: { provider: string; modelId: string } };

/**
 * Model-call settings for the summarizer (`compact`, `handoff`): those of the agent's own calls,
 * so that an audit can replay the summarizer's request.
 */
export type SummarizerSettings = Partial<
  Pick<
    Parameters<typeof generateText>[0],
    | 'maxOutputTokens'
    | 'temperature'
    | 'topP'
    | 'providerOptions'
    | 'headers'
    | 'maxRetries'
    | 'abortSignal'
    | 'experimental_toolApprovalSecret'
  >
>;

/** `session.compact`'s options. */
export interface CompactOptions {
  /** The summarizer's model (the caller's). */
  model: LanguageModel;
  /** The provider the compact prompt is serialized for (default: the model's `provider` prefix). */
  provider?: string;
  /** The agent whose view is summarized (default: the handle's). */
  agentName?: string;
  /** Instead of the ledger's default summarization instructions. */
  instructions?: string;
  /**
   * Keep the last N user turns verbatim: the summary covers what comes before them, and the
   * boundary retains them (`retainFromMessageId`), so the model still sees them after the boundary.
   */
  keepRecentTurns?: number;
  trigger?: 'auto' | 'manual';
  /** The context's size before compaction (default: the summarizer call's input tokens). */
  tokensBefore?: number;
  settings?: SummarizerSettings;
  /**
   * When the summarization call itself is refused as too long: shrink its prompt to a token
   * budget (`budget`, the default) or prune old tool results (`prune`), then summarize again.
   */
  overflow?: OverflowShrinkStrategy;
}

/** `session.generateWithRecovery`'s options: the prompt's, and how to shrink on an overflow. */
export interface OverflowRecoveryOptions extends PromptOptions {
  /**
   * How to shrink a context the provider refused as too long: fetch it again under a token budget
   * (`budget`, the default: `maxInputTokens` at 80 % of the smallest size known) or prune the
   * tool results before the last 2, then 1 user turns (`prune`).
   */
  shrink?: OverflowShrinkStrategy;
  /** A summarizer: when the shrinks are not enough, compact once (its own overflow recovered too). */
  summarizer?: Omit<CompactOptions, 'trigger'>;
  /** The provider recorded in `ContextOverflowRecovered` (default: `provider`); say the model's, e.g. `model.provider`. */
  modelProvider?: string;
}

/** Where a hand-off goes and what the next agent reads first: a summary, or one the model writes. */
export type HandoffOptions = { to: string; from?: string; reason?: string; handoffId?: string } & (
  { summary: string } | Omit<CompactOptions, 'trigger' | 'tokensBefore'>
);

interface Generation {
  id: string;
  agentName: string | undefined;
  contextQuery: ModelContextQuery;
  recordedSteps: Set<number>;
  /** When each step started (ms since the epoch), by step number: for the call's latency. */
  stepStarts: Map<number, number>;
  /** The model context's token count of the context each step was sent, by step number. */
  stepTokens: Map<number, ModelContextResponse['tokens']>;
  abort: AbortController;
  error?: Error;
  /** The large outputs its steps uploaded, by text: each is sent once, not with every step. */
  uploaded: Map<string, Promise<BlobRef>>;
}

const HANDOFF_INSTRUCTIONS =
  'Another agent takes over this session now. Write what it must know to continue: the task, what was done and decided, the state of the work, and what is left. Be concrete (files, commands, results); do not address the user.';

/**
 * One session, as a runtime drives it. The handle tracks the session's latest revision (from
 * every command's answer and every prompt) and sends it as `expectedRevision`; it keeps the
 * current generation (one `generateText` call: from `prompt()` to its last step) so that
 * `recordStep` can be given to `onStepFinish` as it is.
 */
export class LedgerSession {
  /** The latest revision this handle saw (`undefined` before the first exchange). */
  revision: number | undefined;
  /** The `$all` position of this handle's last write: `minPosition` for read-your-writes. */
  position = 0;
  /** The agent this handle records as (a hand-off changes it to the next agent). */
  agentName: string | undefined;
  private generation: Generation | undefined;
  private readonly generateId: () => string;

  constructor(
    readonly client: LedgerClient,
    readonly sessionId: string,
    readonly options: LedgerSessionOptions = {},
  ) {
    this.generateId = options.generateId ?? (() => crypto.randomUUID());
    this.agentName = options.agentName;
  }

  /**
   * Records messages as one atomic append (one turn). Tool outputs above the client's
   * `blobThresholdBytes` are uploaded as blobs first, whole, and the messages refer to them.
   */
  append(messages: NewMessage[]): Promise<CommandResult> {
    const full = messages.map((message) => this.message(message));
    return this.command((expectedRevision) =>
      this.client.appendMessages(this.sessionId, {
        messages: full,
        ...this.subject(),
        ...expectedRevision,
      }),
    );
  }

  /** The session's system prompt: a `system_note` (the ledger keeps it in every context). */
  recordSystemPrompt(text: string, id?: string): Promise<CommandResult> {
    return this.append([{ id, role: 'system', kind: 'system_note', content: text }]);
  }

  /** What the user typed (text, or `user_input` parts): starts a turn. */
  recordUserInput(content: string | unknown[], id?: string): Promise<CommandResult> {
    return this.append([{ id, role: 'user', kind: 'user_input', content }]);
  }

  /** Something the runtime tells the model between calls: a `runtime_reminder`. */
  remind(text: string, source = 'runtime'): Promise<CommandResult> {
    return this.append([
      { role: 'system', kind: 'runtime_reminder', content: text, metadata: { source } },
    ]);
  }

  /** The human's answers to approval requests, as one `tool_approval_response`; the next generation continues from them. */
  respondToApprovals(answers: ApprovalAnswer[]): Promise<CommandResult> {
    return this.append([
      {
        role: 'tool',
        kind: 'tool_approval_response',
        content: answers.map((answer) => ({ type: 'tool-approval-response', ...answer })),
      },
    ]);
  }

  /**
   * The context of the next model call, `{ system, messages }` for `generateText`, serialized for
   * `provider`. Starts a new generation: the steps `recordStep` records next belong to it.
   */
  async prompt(options: PromptOptions): Promise<LedgerPrompt> {
    const { agentName, atRevision, ...query } = options;
    const activeAgentName = agentName ?? this.agentName;
    const contextQuery: ModelContextQuery = {
      ...query,
      format: 'ai-sdk-prompt',
      ...(activeAgentName === undefined ? {} : { activeAgentName }),
    };
    const context = await this.client.modelContext<ModelMessage>(this.sessionId, {
      ...contextQuery,
      ...(atRevision === undefined ? {} : { atRevision }),
    });
    const abort = new AbortController();
    if (atRevision === undefined) {
      this.revision = context.revision;
      this.generation = {
        id: this.generateId(),
        agentName: activeAgentName,
        contextQuery,
        recordedSteps: new Set(),
        // Until the AI SDK says when step 0 started (`experimental_onStepStart`), the prompt's
        // answer is the nearest earlier time known.
        stepStarts: new Map([[0, Date.now()]]),
        stepTokens: new Map([[0, context.tokens]]),
        abort,
        uploaded: new Map(),
      };
    }
    return {
      ...(context.system === undefined ? {} : { system: context.system }),
      messages: context.messages,
      abortSignal: abort.signal,
      revision: context.revision,
      diagnostics: context.diagnostics,
      tokens: context.tokens,
      ...(context.providerOptions === undefined
        ? {}
        : { promptCacheKey: context.providerOptions.openai.promptCacheKey }),
    };
  }

  /**
   * Runs `call` (a `generateText` or `streamText` on the prompt) with the session's context, and
   * recovers from a context-length error of any provider (Anthropic, OpenAI, Google, vLLM and
   * other OpenAI-compatible servers): shrinks the context deterministically (`shrink`), calls
   * again, and records what it did as a `ContextOverflowRecovered` event (no content). After at
   * most three shrinks, `ContextOverflowUnrecovered`; any other error is rethrown as it is.
   */
  async generateWithRecovery<T>(
    options: OverflowRecoveryOptions,
    call: (prompt: LedgerPrompt) => Promise<T>,
  ): Promise<T> {
    const { shrink: strategy = 'budget', summarizer, modelProvider, ...promptOptions } = options;
    const provider = modelProvider ?? promptOptions.provider;
    // The ledger's count of the context last sent: a size to shrink from when the error names none.
    let sentTokens: number | undefined;
    return recoverOverflow({
      provider,
      strategy,
      canCompact: summarizer !== undefined,
      initialBudget: promptOptions.maxInputTokens,
      attemptCall: async (maxInputTokens) => {
        const prompt = await this.prompt({
          ...promptOptions,
          ...(maxInputTokens === undefined ? {} : { maxInputTokens }),
        });
        sentTokens = prompt.tokens.input;
        return call(prompt);
      },
      sentTokens: () => sentTokens,
      shrink: async (step) => {
        if (step.shrink === 'prune') {
          await this.prune(
            { keepLastUserTurns: step.keepLastUserTurns, minChars: 0 },
            `context overflow: tool results before the last ${step.keepLastUserTurns} user turn(s)`,
          );
        } else if (summarizer !== undefined) {
          await this.compact({ ...summarizer, trigger: 'auto' });
        }
      },
      record: (attempts) => this.recordOverflowRecovery(provider, 'model', attempts),
    });
  }

  /**
   * Records a finished step (`onStepFinish: session.recordStep`): its response messages (each
   * recorded once, whichever step sends it again) and the model call, with the revision of the
   * context the call was made from, and its latency: from the step's start (`stepStarted`, else
   * `prepareStep`, else the prompt for step 0) to `step.response.timestamp` when the AI SDK
   * stamped it after that start, else to now; and the model context's token count of what the step
   * was sent (`contextTokens`: the prompt's for step 0, `prepareStep`'s after; none for a step the
   * AI SDK built from its own history). The AI SDK ignores what `onStepFinish` throws, so a step the
   * ledger refused also aborts the generation (through the prompt's `abortSignal`); `recordResult`
   * rethrows the error.
   */
  readonly recordStep = async (step: RecordableStep): Promise<void> => {
    const generation = this.requireGeneration('recordStep');
    if (generation.recordedSteps.has(step.stepNumber)) return;
    const latencyMs = stepLatency(generation.stepStarts.get(step.stepNumber), step, Date.now());
    const contextTokens = generation.stepTokens.get(step.stepNumber);
    try {
      await this.command((expectedRevision) =>
        this.client.recordAiSdkStep(
          this.sessionId,
          {
            ...this.subject(),
            messages: step.response.messages,
            generationId: generation.id,
            stepNumber: step.stepNumber,
            ...this.recordedBy(generation.agentName),
            ...(step.model === undefined ? {} : { provider: step.model.provider }),
            modelId: step.response.modelId,
            responseId: step.response.id,
            finishReason: step.finishReason,
            usage: step.usage,
            ...(step.providerMetadata === undefined
              ? {}
              : { providerMetadata: step.providerMetadata }),
            ...(this.revision === undefined ? {} : { contextRevision: this.revision }),
            ...(latencyMs === undefined ? {} : { latencyMs }),
            ...(contextTokens === undefined
              ? {}
              : { contextTokens: { input: contextTokens.input, method: contextTokens.method } }),
            ...expectedRevision,
          },
          { uploaded: generation.uploaded },
        ),
      );
      generation.recordedSteps.add(step.stepNumber);
      generation.stepStarts.delete(step.stepNumber);
      generation.stepTokens.delete(step.stepNumber);
    } catch (error) {
      generation.error ??= error instanceof Error ? error : new Error(String(error));
      generation.abort.abort(error);
      throw error;
    }
  };

  /**
   * Records every step of a finished generation not recorded yet (all of them, without
   * `onStepFinish`), and rethrows the error that stopped a recording.
   */
  async recordResult(result: { steps: readonly RecordableStep[] }): Promise<void> {
    const generation = this.requireGeneration('recordResult');
    if (generation.error !== undefined) throw generation.error;
    for (const step of result.steps) await this.recordStep(step);
  }

  /**
   * For `generateText`'s `prepareStep`: each step after the first is sent the ledger's context as
   * of the previous step's record (pruning, truncation and approvals applied as the ledger
   * decides), instead of the AI SDK's in-memory history. Use with `onStepFinish: recordStep`.
   */
  readonly prepareStep = async ({
    stepNumber,
  }: {
    stepNumber: number;
  }): Promise<LedgerStep | undefined> => {
    const generation = this.requireGeneration('prepareStep');
    if (stepNumber === 0) {
      generation.stepStarts.set(0, Date.now());
      return undefined;
    }
    const { tokens, ...step } = await this.stepContext(generation.contextQuery);
    generation.stepTokens.set(stepNumber, tokens);
    // The step starts once its context is here: the ledger's read is not the model's latency.
    generation.stepStarts.set(stepNumber, Date.now());
    return step;
  };

  /**
   * `prepareStep` under a token budget: each step after the first is sent the ledger's context
   * fitted to `maxInputTokens` (older tool results stubbed in batches, so the prompt cache keeps
   * its prefix; Anthropic cache breakpoints placed), whatever budget the prompt was asked with.
   */
  prepareStepWithin(budget: {
    maxInputTokens: number;
  }): (step: { stepNumber: number }) => Promise<LedgerStep | undefined> {
    return async ({ stepNumber }) => {
      const generation = this.requireGeneration('prepareStep');
      if (stepNumber === 0) {
        generation.stepStarts.set(0, Date.now());
        return undefined;
      }
      const { tokens, ...step } = await this.stepContext({
        ...generation.contextQuery,
        maxInputTokens: budget.maxInputTokens,
      });
      generation.stepTokens.set(stepNumber, tokens);
      generation.stepStarts.set(stepNumber, Date.now());
      return step;
    };
  }

  /** A step's context, and its token count (recorded with the step, not given to the model). */
  private async stepContext(
    query: ModelContextQuery,
  ): Promise<LedgerStep & { tokens: ModelContextResponse['tokens'] }> {
    const context = await this.client.modelContext<ModelMessage>(this.sessionId, query);
    return {
      ...(context.system === undefined ? {} : { system: context.system }),
      messages: context.messages,
      tokens: context.tokens,
    };
  }

  /**
   * For `generateText`'s `experimental_onStepStart`: notes when a step starts, just before the
   * provider is called, so the recorded latency is the model call's alone.
   */
  readonly stepStarted = ({ stepNumber }: { stepNumber: number }): void => {
    this.requireGeneration('stepStarted').stepStarts.set(stepNumber, Date.now());
  };

  /**
   * Compacts the session: runs the summarization with the caller's model on the compact view
   * (`format=compact-prompt`), then records the boundary and the summary together, with their
   * provenance in `metadata.extra.compaction`: the model, the instructions, the revisions the
   * summary covers, tokens before and after.
   */
  async compact(options: CompactOptions): Promise<CommandResult & { summary: string }> {
    const { text, provenance, retainFromMessageId } = await this.summarize(
      options,
      options.instructions,
    );
    const boundaryId = this.generateId();
    const tokensBefore = options.tokensBefore ?? provenance.tokensBefore;
    const extra = { compaction: provenance };
    const result = await this.command((expectedRevision) =>
      this.client.compact(this.sessionId, {
        boundary: this.message({
          id: boundaryId,
          role: 'system',
          kind: 'compact_boundary',
          content: {
            type: 'compact-boundary',
            trigger: options.trigger ?? 'auto',
            ...(tokensBefore === undefined ? {} : { tokensBefore }),
            ...(retainFromMessageId === undefined ? {} : { retainFromMessageId }),
          },
          metadata: { extra },
        }),
        summary: this.message({
          role: 'user',
          kind: 'compact_summary',
          content: text,
          metadata: { summaryForBoundaryId: boundaryId, extra },
        }),
        ...expectedRevision,
      }),
    );
    return { ...result, summary: text };
  }

  /** Prunes old tool results: by a policy, or by message ids. */
  prune(
    selection: PruningPolicy | { messageIds: string[] },
    reason?: string,
  ): Promise<CommandResult> {
    const body =
      'messageIds' in selection ? { messageIds: selection.messageIds } : { policy: selection };
    return this.command((expectedRevision) =>
      this.client.prune(this.sessionId, {
        ...body,
        ...(reason === undefined ? {} : { reason }),
        ...expectedRevision,
      }),
    );
  }

  /** Hands the session to agent `to`, with a summary given or written by `model`; the handle then records as `to`. */
  async handoff(options: HandoffOptions): Promise<CommandResult & { summary: string }> {
    const fromAgent = options.from ?? this.agentName;
    if (fromAgent === undefined)
      throw new Error('handoff: give `from` (the handle has no agentName)');
    const summary =
      'summary' in options
        ? options.summary
        : (await this.summarize(options, options.instructions ?? HANDOFF_INSTRUCTIONS)).text;
    const result = await this.command((expectedRevision) =>
      this.client.handoff(this.sessionId, {
        fromAgent,
        toAgent: options.to,
        summary,
        ...(options.reason === undefined ? {} : { reason: options.reason }),
        ...(options.handoffId === undefined ? {} : { handoffId: options.handoffId }),
        ...(this.options.runId === undefined ? {} : { runId: this.options.runId }),
        ...expectedRevision,
      }),
    );
    this.agentName = options.to;
    return { ...result, summary };
  }

  /**
   * Erases the session (scope `erase`): answers the receipt. The handle starts afresh: a later
   * append starts a new session under the same id.
   */
  async erase(): Promise<ErasureReceipt> {
    const receipt = await this.client.eraseSession(this.sessionId);
    this.revision = undefined;
    return receipt;
  }

  /** Ends the session. */
  end(reason?: string): Promise<CommandResult> {
    return this.command((expectedRevision) =>
      this.client.end(this.sessionId, {
        ...(reason === undefined ? {} : { reason }),
        ...expectedRevision,
      }),
    );
  }

  /** The session's summary (as in the session list), with `forkedFrom` for a fork. */
  get(): Promise<SessionSummary> {
    return this.client.getSession(this.sessionId);
  }

  /**
   * Forks this session at `atRevision` (default: its head) into the new session `sessionId`,
   * whose model context starts as this one's there; answers the new session's summary. Open it
   * with `client.session(sessionId)` to go on in it. A retry answers the same fork.
   */
  fork(options: ForkSessionRequest): Promise<SessionSummary> {
    return this.client.fork(this.sessionId, options);
  }

  /**
   * Rewinds this session to a revision, or to the revision a message was recorded at (the
   * message stays): its model context is again what it was there; the transcript keeps the
   * undone messages, marked `rewound`. Tracks the new revision like every command.
   */
  async rewind(
    target: { toRevision: number } | { toMessageId: string },
    reason?: string,
  ): Promise<RewindResult> {
    let answer: RewindResult | undefined;
    await this.command(async (expectedRevision) => {
      answer = await this.client.rewind(this.sessionId, {
        ...target,
        ...(reason === undefined ? {} : { reason }),
        ...expectedRevision,
      });
      return answer;
    });
    if (answer === undefined) throw new Error('rewind: no answer');
    return answer;
  }

  /** `{ subjectId }` when the handle has one. */
  private subject(): { subjectId?: string } {
    return this.options.subjectId === undefined ? {} : { subjectId: this.options.subjectId };
  }

  /** Every transcript entry, with this handle's writes in it. */
  transcript(query: Omit<PageQuery, 'cursor' | 'minPosition'> = {}) {
    return this.client.transcript(this.sessionId, { ...query, minPosition: this.position });
  }

  /** The live transcript (SSE), resuming after a dropped connection. */
  transcriptStream(options?: TranscriptStreamOptions) {
    return this.client.transcriptStream(this.sessionId, options);
  }

  /** The debug view, with this handle's writes in it. */
  debug(query: ModelViewOptions = {}) {
    return this.client.debug(this.sessionId, { ...query, minPosition: this.position });
  }

  /** The recorded model calls, in log order, with this handle's writes in them. */
  modelCalls(query: Omit<PageQuery, 'cursor' | 'minPosition'> = {}) {
    return this.client.modelCalls(this.sessionId, { ...query, minPosition: this.position });
  }

  /** The raw stream. */
  events() {
    return this.client.events(this.sessionId);
  }

  private recordedBy(agentName: string | undefined) {
    return {
      ...(agentName === undefined ? {} : { agentName }),
      ...(this.options.runId === undefined ? {} : { runId: this.options.runId }),
    };
  }

  private message(message: NewMessage): RuntimeMessageInput {
    const agentName = this.agentName;
    const metadata =
      agentName === undefined || message.metadata?.['agentName'] !== undefined
        ? message.metadata
        : { agentName, ...message.metadata };
    const { id, ...rest } = message;
    return {
      ...rest,
      id: id ?? this.generateId(),
      sessionId: this.sessionId,
      ...(this.options.runId === undefined || message.runId !== undefined
        ? {}
        : { runId: this.options.runId }),
      ...(metadata === undefined ? {} : { metadata }),
    };
  }

  private async recordOverflowRecovery(
    provider: string,
    call: 'model' | 'summarization',
    attempts: OverflowAttemptRecord[],
  ): Promise<void> {
    const recoveryId = this.generateId();
    await this.command((expectedRevision) =>
      this.client.recordOverflowRecovery(this.sessionId, {
        recoveryId,
        provider,
        call,
        attempts,
        ...expectedRevision,
      }),
    );
  }

  /** Sends a command with the tracked revision, and tracks what it answers. */
  private async command(
    send: (expectedRevision: { expectedRevision?: number }) => Promise<CommandResult>,
  ): Promise<CommandResult> {
    const revision = this.revision;
    const track = (this.options.concurrency ?? 'track') === 'track' && revision !== undefined;
    const result = await send(track ? { expectedRevision: revision } : {});
    this.revision = result.revision;
    this.position = Math.max(this.position, result.position);
    return result;
  }

  private requireGeneration(caller: string): Generation {
    if (this.generation === undefined) {
      throw new Error(
        `${caller}: call session.prompt() first (it starts the generation whose steps are recorded)`,
      );
    }
    return this.generation;
  }

  private async summarize(
    options: Omit<CompactOptions, 'trigger' | 'tokensBefore'>,
    instructions: string | undefined,
  ) {
    const provider = options.provider ?? providerOf(options.model);
    const activeAgentName = options.agentName ?? this.agentName;
    // Loaded on first use: the rest of the client needs no part of the AI SDK at run time, so
    // a bundle of it (the web inspector's) leaves the SDK out.
    const { generateText } = await import('ai');
    const summarizeOnce = async (maxInputTokens: number | undefined) => {
      const prompt = await this.client.modelContext<ModelMessage>(this.sessionId, {
        format: 'compact-prompt',
        ...(provider === undefined ? {} : { provider }),
        ...(activeAgentName === undefined ? {} : { activeAgentName }),
        ...(instructions === undefined ? {} : { instructions }),
        ...('keepRecentTurns' in options && options.keepRecentTurns !== undefined
          ? { keepRecentTurns: options.keepRecentTurns }
          : {}),
        ...(maxInputTokens === undefined ? {} : { maxInputTokens }),
      });
      this.revision = prompt.revision;
      const result = await generateText({
        model: options.model,
        ...options.settings,
        ...(prompt.system === undefined ? {} : { system: prompt.system }),
        messages: prompt.messages,
      });
      return { prompt, summarizer: result };
    };
    // A summarization refused as too long is shrunk and run again before anything is recorded.
    const modelProvider = providerOf(options.model) ?? provider ?? 'unknown';
    const { prompt, summarizer } = await recoverOverflow({
      provider: modelProvider,
      strategy: options.overflow ?? 'budget',
      canCompact: false,
      attemptCall: summarizeOnce,
      shrink: async (step) => {
        if (step.shrink !== 'prune') return;
        await this.prune(
          { keepLastUserTurns: step.keepLastUserTurns, minChars: 0 },
          `context overflow of the summarization: tool results before the last ${step.keepLastUserTurns} user turn(s)`,
        );
      },
      record: (attempts) => this.recordOverflowRecovery(modelProvider, 'summarization', attempts),
    });
    const retainFromMessageId = prompt.diagnostics.retainFromMessageId;
    const provenance = {
      provider: provider ?? null,
      modelId: summarizer.response.modelId,
      responseId: summarizer.response.id,
      instructions: instructions ?? 'default',
      promptRevision: prompt.revision,
      covers: {
        fromRevision: prompt.diagnostics.window.fromRevision,
        toRevision: prompt.diagnostics.window.toRevision,
        ...(retainFromMessageId === undefined ? {} : { keptFromMessageId: retainFromMessageId }),
      },
      ...(summarizer.usage.inputTokens === undefined
        ? {}
        : { tokensBefore: summarizer.usage.inputTokens }),
      ...(summarizer.usage.outputTokens === undefined
        ? {}
        : { tokensAfter: summarizer.usage.outputTokens }),
    };
    return { text: summarizer.text, provenance, retainFromMessageId };
  }
}

/**
 * Milliseconds from the step's start to its response: `response.timestamp` when it falls between
 * the start and `now` (the AI SDK stamps it when the answer arrives, unless the provider sent its
 * own creation time), else `now`. `undefined` without a start.
 */
function stepLatency(
  startedAt: number | undefined,
  step: RecordableStep,
  now: number,
): number | undefined {
  if (startedAt === undefined) return undefined;
  const stamped: unknown = step.response.timestamp;
  const answeredAt =
    stamped instanceof Date && stamped.getTime() >= startedAt && stamped.getTime() <= now
      ? stamped.getTime()
      : now;
  return Math.max(0, answeredAt - startedAt);
}

/** The ledger's provider id of an AI SDK model (`anthropic.messages` → accepted as it is). */
function providerOf(model: LanguageModel): string | undefined {
  return typeof model === 'string' ? undefined : model.provider;
}
