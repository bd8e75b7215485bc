import {
  promptOf,
  toAiSdkMessagesWithReport,
  toSummarizationPrompt,
  type SerializationFallback,
} from '@agent-ledger/ai-sdk';
import type { EventStore } from '@agent-ledger/event-store';
import { normalizeSessionEvents } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import {
  projectToCompact,
  projectToModel,
  type CompactMessage,
  type ModelMessage,
  type ProjectionContext,
  type ProjectionDiagnostics,
} from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { SessionRepair } from '../session-views/session-repair';
import { incrementalModelContext } from './incremental-model-view';
import { lastAgentName } from './last-agent-name';
import { modelCallContext } from './model-call-context';
import type { SessionLogEvent } from '../runner/session-log-event';
import { readWindowEvents } from './window-events';
import { sessionLogCacheOf } from './session-log-cache';

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
  window: {
    fromRevision: number;
    toRevision: number;
    compactBoundaryId?: string;
    eventsRead: number;
  };
}

/** How `loadModelContext` reads the log. */
export interface LoadModelContextOptions {
  /**
   * Default true: through the store's `SessionLogCache` (the session's events kept in memory by
   * revision, only newer ones read). `false`: every event read from the store.
   */
  cache?: boolean;
}

/** The model view at replay, in the requested format (with `modelCall` for `call=N`). */
export type ModelContext = ModelContextView & { modelCall?: ModelContextCall };

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

/**
 * The model view, computed on demand from the log: reads the session's window backwards from
 * `atRevision` (or the end) to its latest compact boundary (`readModelWindow`), normalizes it,
 * applies `projectToModel` with the query's options, and serializes it for the AI SDK when asked.
 * Nothing is stored; the same revision and options always give the same answer. The events are
 * read through the store's `SessionLogCache` (unless `cache` is false): a session asked
 * again after one more turn costs the read of that turn, not of its whole window.
 *
 * `hiddenMessageIds` covers the window only: messages before the boundary are outside the view
 * by definition, and listing them would make the cost grow with the history again.
 */
export async function loadModelContext(
  eventStore: EventStore,
  sessionId: string,
  query: ModelContextQuery = {},
  { cache = true }: LoadModelContextOptions = {},
): Promise<ModelContext> {
  const store = cache ? sessionLogCacheOf(eventStore) : eventStore;
  if (query.call !== undefined) return loadModelCallContext(store, sessionId, query.call, query);
  if (cache) {
    const incremental = await incrementalModelContext(store, sessionId, query);
    if (incremental !== undefined) return incremental;
  }
  const { window, eventsRead, events } = await readWindowEvents(store, sessionId, {
    ...(query.atRevision === undefined ? {} : { atRevision: query.atRevision }),
    applyCompactBoundary: query.applyCompactBoundary !== false,
    carrySystemNotes: query.carrySystemNotes !== false,
  });
  const normalized = normalizeSessionEvents(
    events.map((logged) => logged.event),
    { repairDanglingToolCalls: query.repairDanglingToolCalls !== false },
  );
  const context = projectionContext(sessionId, query, normalized.messages);
  const options =
    query.recentUserTurns === undefined ? {} : { recentUserTurns: query.recentUserTurns };
  const format = query.format ?? 'model';
  const compact = format === 'compact' || format === 'compact-prompt';
  const view = compact
    ? projectToCompact(normalized.messages, context, {
        ...options,
        ...(query.keepRecentTurns === undefined ? {} : { keepRecentTurns: query.keepRecentTurns }),
      })
    : projectToModel(normalized.messages, context, options);
  const diagnostics: ModelContextDiagnostics = {
    ...view.diagnostics,
    repairs: windowRepairs(normalized.repairs, events, window.fromRevision),
    window: {
      fromRevision: window.fromRevision,
      toRevision: window.revision,
      ...(window.compactBoundaryId === undefined
        ? {}
        : { compactBoundaryId: window.compactBoundaryId }),
      eventsRead,
    },
  };
  const revision = window.revision;
  switch (format) {
    case 'model':
      return { format, revision, messages: modelMessagesOf(view.messages), diagnostics };
    case 'compact':
      return { format, revision, messages: compactMessagesOf(view.messages), diagnostics };
    case 'compact-prompt': {
      const prompt = toSummarizationPrompt(compactMessagesOf(view.messages), {
        provider: query.provider,
        instructions: query.instructions,
      });
      return {
        format,
        revision,
        system: prompt.system,
        messages: prompt.messages,
        diagnostics: { ...diagnostics, fallbacks: prompt.fallbacks },
      };
    }
    case 'ai-sdk':
    case 'ai-sdk-prompt': {
      const serialized = toAiSdkMessagesWithReport(modelMessagesOf(view.messages), {
        provider: query.provider,
        systemMessages: query.systemMessages,
      });
      const withFallbacks = { ...diagnostics, fallbacks: serialized.fallbacks };
      if (format === 'ai-sdk') {
        return { format, revision, messages: serialized.messages, diagnostics: withFallbacks };
      }
      return { format, revision, ...promptOf(serialized.messages), diagnostics: withFallbacks };
    }
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}

async function loadModelCallContext(
  store: EventStore,
  sessionId: string,
  callNumber: number,
  { call: _call, ...query }: ModelContextQuery,
): Promise<ModelContext> {
  const made = await modelCallContext(store, sessionId, callNumber);
  const { call } = made;
  const context = await loadModelContext(store, sessionId, {
    ...(call.provider === undefined ? {} : { provider: call.provider }),
    ...(call.agentName === undefined ? {} : { activeAgentName: call.agentName }),
    ...query,
    atRevision: made.contextRevision,
  });
  return {
    ...context,
    modelCall: {
      callNumber,
      callId: call.callId,
      ...(call.provider === undefined ? {} : { provider: call.provider }),
      ...(call.modelId === undefined ? {} : { modelId: call.modelId }),
      ...(call.agentName === undefined ? {} : { agentName: call.agentName }),
      recordedAtRevision: made.recordedAtRevision,
      contextRevision: made.contextRevision,
      revisionSource: made.revisionSource,
    },
  };
}

/** The view's messages as model messages (a model view was projected unless the format is compact). */
function modelMessagesOf(messages: ReadonlyArray<ModelMessage | CompactMessage>): ModelMessage[] {
  return messages.flatMap((message) => (message.view === 'model' ? [message] : []));
}

function compactMessagesOf(
  messages: ReadonlyArray<ModelMessage | CompactMessage>,
): CompactMessage[] {
  return messages.flatMap((message) => (message.view === 'compact' ? [message] : []));
}

export function projectionContext(
  sessionId: string,
  query: ModelContextQuery,
  messages: readonly RuntimeMessage[],
): ProjectionContext {
  const {
    atRevision: _at,
    format: _format,
    recentUserTurns: _turns,
    repairDanglingToolCalls: _repair,
    systemMessages: _systemMessages,
    instructions: _instructions,
    keepRecentTurns: _keepRecentTurns,
    call: _call,
    ...options
  } = query;
  return {
    ...options,
    sessionId,
    activeAgentName: query.activeAgentName ?? lastAgentName(messages) ?? 'default',
  };
}

/**
 * Repairs placed by revision, limited to the window proper: support events read from before the
 * boundary, and pruning marks naming tool results before it, concern history outside the view.
 */
export function windowRepairs(
  repairs: ReturnType<typeof normalizeSessionEvents>['repairs'],
  events: readonly SessionLogEvent[],
  fromRevision: number,
): SessionRepair[] {
  return repairs.flatMap(({ eventIndex, ...repair }): SessionRepair[] => {
    const revision = events[eventIndex]?.revision ?? -1;
    if (revision < fromRevision) return [];
    if (repair.type === 'unknown-prune-target' && fromRevision > 0) return [];
    return [{ ...repair, revision }];
  });
}
