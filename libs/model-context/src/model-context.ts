import type { SessionRepair } from '@agent-ledger/events';
import type { SerializationFallback } from '@agent-ledger/ai-sdk';
import type {
  BudgetDiagnostics,
  ProviderCompactionDiagnostics,
  CompactMessage,
  ModelMessage,
  ProjectionContext,
  ProjectionDiagnostics,
} from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { ContextTokens } from './tokens/token-count';

/**
 * The shapes `loadModelContext` can return the model view in: `model` (model-view messages),
 * `ai-sdk` (the AI SDK's `ModelMessage[]`), `ai-sdk-prompt` (`{ system, messages }` for
 * `generateText`), and the compact view (the summarizer's input) as `compact` (compact-view
 * messages) or `compact-prompt` (a ready-to-send summarization call, `toSummarizationPrompt`).
 */
export type ModelContextFormat =
  'model' | 'ai-sdk' | 'ai-sdk-prompt' | 'compact' | 'compact-prompt';

/** Options of the model view at replay: the projection context and where in history to compute it. */
export interface ModelContextQuery extends Partial<Omit<ProjectionContext, 'sessionId'>> {
  /** Compute the view as of this revision (time travel). Default: the latest. */
  atRevision?: number;
  /** Default `'model'`: the model-view messages. */
  format?: ModelContextFormat;
  /** `projectToModel`'s `recentUserTurns`. */
  recentUserTurns?: number;
  /** Add synthetic results for tool calls without one (providers require it). Default true. */
  repairDanglingToolCalls?: boolean;
  /** Later system text: `reminders` (default) or `in-place` where the provider takes it. */
  systemMessages?: 'reminders' | 'in-place';
  /** `compact-prompt`: the summarizer's instructions, instead of the default ones. */
  instructions?: string;
  /**
   * Compact formats: leave the last N user turns out of what is summarized; the compaction keeps
   * them verbatim (`diagnostics.retainFromMessageId` goes in its boundary's `retainFromMessageId`).
   */
  keepRecentTurns?: number;
  /**
   * The context of the session's model call N (1-based, recorded `ModelCallRecorded` events):
   * as of the revision it was made from (`modelCallContext`), with its provider and agent unless
   * the query names them. Not combined with `atRevision`.
   */
  call?: number;
  /**
   * The most input tokens the context may take: the seed's rules apply in order until it fits
   * (`fitModelViewToBudget`), and `diagnostics.budget` says what was done.
   */
  maxInputTokens?: number;
  /**
   * `ai-sdk` formats for Anthropic: mark the cache breakpoints (`providerOptions.anthropic.cacheControl`).
   * Default: on when `maxInputTokens` is given.
   */
  cacheBreakpoints?: boolean;
}

/** Which recorded model call a `call=N` context is for, and how its revision was found. */
export interface ModelContextCall {
  callNumber: number;
  callId: string;
  provider?: string;
  modelId?: string;
  agentName?: string;
  recordedAtRevision: number;
  contextRevision: number;
  revisionSource: 'recorded' | 'inferred';
}

/** What the view was computed from and what had to be repaired or fallen back on. */
export interface ModelContextDiagnostics extends ProjectionDiagnostics {
  /** Normalization's repairs inside the window, placed by revision. */
  repairs: SessionRepair[];
  /** The serializer's fallbacks (`ai-sdk` formats only). */
  fallbacks?: SerializationFallback[];
  /** Compact formats with `keepRecentTurns`: the first message of the turns the compaction keeps. */
  retainFromMessageId?: string;
  /** With `maxInputTokens`: what fitting the context to it did. */
  budget?: BudgetDiagnostics;
  /**
   * The session's latest provider compaction, as sent to the provider asked: its artifact, its
   * readable summary, or nothing in place of the messages it covers (`coveredMessageIds`).
   */
  providerCompaction?: ProviderCompactionDiagnostics;
  /** The `ai-sdk` messages that carry an Anthropic cache breakpoint (their indexes). */
  cacheBreakpoints?: number[];
  window: {
    fromRevision: number;
    toRevision: number;
    compactBoundaryId?: string;
    eventsRead: number;
  };
}

/** The model view at replay, in the requested format (with `modelCall` for `call=N`), before its tokens are counted. */
export type ModelView = ModelContextView & { modelCall?: ModelContextCall };

/**
 * The model view at replay, in the requested format, with its size in tokens for the provider
 * asked and, for OpenAI, the call-level provider options that keep its prompt cache warm.
 */
export type ModelContext = ModelView & {
  tokens: ContextTokens;
  /** Call-level provider options to pass to `generateText` (OpenAI's `promptCacheKey`). */
  providerOptions?: { openai: { promptCacheKey: string } };
};

type ModelContextView =
  | {
      format: 'model';
      revision: number;
      messages: ModelMessage[];
      diagnostics: ModelContextDiagnostics;
    }
  | {
      format: 'ai-sdk';
      revision: number;
      messages: AiSdkModelMessage[];
      diagnostics: ModelContextDiagnostics;
    }
  | {
      format: 'ai-sdk-prompt' | 'compact-prompt';
      revision: number;
      system: string | undefined;
      messages: AiSdkModelMessage[];
      diagnostics: ModelContextDiagnostics;
    }
  | {
      format: 'compact';
      revision: number;
      messages: CompactMessage[];
      diagnostics: ModelContextDiagnostics;
    };
