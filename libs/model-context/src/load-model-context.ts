import { promptOf, toAiSdkMessagesWithReport, toSummarizationPrompt } from '@agent-ledger/ai-sdk';
import { normalizeSessionEvents } from '@agent-ledger/events';
import {
  projectToCompact,
  projectToModel,
  type CompactMessage,
  type ModelMessage,
} from '@agent-ledger/projections';
import { HistoryIndex } from './history-index';
import { economizeModelContext } from './economize-model-context';
import type {
  ModelContext,
  ModelContextDiagnostics,
  ModelContextQuery,
  ModelView,
} from './model-context';
import { modelCallContext } from './model-call-context';
import { projectionContext } from './projection-context';
import { readWindowEvents } from './window-events';
import { TokenCounter } from './tokens/token-counter';
import { windowRepairs } from './window-repairs';
import type { SessionLog } from './session-log';

/**
 * The model context, computed on demand from the log: the model view (`loadModelView`) counted in
 * tokens, fitted to `maxInputTokens` and marked for provider caches (`economizeModelContext`).
 */
export async function loadModelContext(
  store: SessionLog,
  sessionId: string,
  query: ModelContextQuery = {},
  /** What was learnt of the session's history before its boundary (a new, empty one by default). */
  history: HistoryIndex = new HistoryIndex(),
  /** Counts of the messages already counted (a new one by default). */
  counter: TokenCounter = new TokenCounter(),
): Promise<ModelContext> {
  return economizeModelContext(
    sessionId,
    query,
    {
      view: (viewQuery) => loadModelView(store, sessionId, viewQuery, history),
      windowEvents: async (atRevision) =>
        (
          await readWindowEvents(store, sessionId, {
            atRevision,
            applyCompactBoundary: query.applyCompactBoundary !== false,
            carrySystemNotes: query.carrySystemNotes !== false,
            history,
          })
        ).events,
    },
    counter,
  );
}

/**
 * The model view, computed on demand from the log: reads the session's window backwards from
 * `atRevision` (or the end) to its latest compact boundary (`readModelWindow`), normalizes it,
 * applies `projectToModel` with the query's options, and serializes it for the AI SDK when asked.
 * Nothing is stored; the same revision and options always give the same answer.
 *
 * This is the plain computation: every request reads its window from `store`. A server keeps a
 * `ModelContextReader`, which reads through a session log cache and computes the latest revision
 * incrementally, giving what this function gives.
 *
 * `hiddenMessageIds` covers the window only: messages before the boundary are outside the view
 * by definition, and listing them would make the cost grow with the history again.
 */
export async function loadModelView(
  store: SessionLog,
  sessionId: string,
  query: ModelContextQuery = {},
  /** What was learnt of the session's history before its boundary (a new, empty one by default). */
  history: HistoryIndex = new HistoryIndex(),
): Promise<ModelView> {
  if (query.call !== undefined) {
    return loadModelCallContext(store, sessionId, query.call, query, history);
  }
  const { window, eventsRead, events } = await readWindowEvents(store, sessionId, {
    ...(query.atRevision === undefined ? {} : { atRevision: query.atRevision }),
    applyCompactBoundary: query.applyCompactBoundary !== false,
    carrySystemNotes: query.carrySystemNotes !== false,
    history,
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
  store: SessionLog,
  sessionId: string,
  callNumber: number,
  { call: _call, ...query }: ModelContextQuery,
  history: HistoryIndex,
): Promise<ModelView> {
  const made = await modelCallContext(store, sessionId, callNumber);
  const { call } = made;
  const context = await loadModelView(
    store,
    sessionId,
    {
      ...(call.provider === undefined ? {} : { provider: call.provider }),
      ...(call.agentName === undefined ? {} : { activeAgentName: call.agentName }),
      ...query,
      atRevision: made.contextRevision,
    },
    history,
  );
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
