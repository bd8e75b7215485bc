import { toAiSdkMessagesWithReport, type SerializationFallback } from '@agent-ledger/ai-sdk';
import type { EventStore } from '@agent-ledger/event-store';
import { normalizeSessionEvents } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import {
  projectToModel,
  type ModelMessage,
  type ProjectionContext,
  type ProjectionDiagnostics,
} from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { SessionRepair } from '../session-views/session-repair';
import { lastAgentName } from './last-agent-name';
import { readModelWindow, type ModelWindow } from './read-model-window';

/** The shapes `loadModelContext` can return the model view in. */
export type ModelContextFormat = 'model' | 'ai-sdk' | 'ai-sdk-prompt';

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
}

/** What the view was computed from and what had to be repaired or fallen back on. */
export interface ModelContextDiagnostics extends ProjectionDiagnostics {
  /** Normalization's repairs inside the window, placed by revision. */
  repairs: SessionRepair[];
  /** The serializer's fallbacks (`ai-sdk` formats only). */
  fallbacks?: SerializationFallback[];
  window: {
    fromRevision: number;
    toRevision: number;
    compactBoundaryId?: string;
    eventsRead: number;
  };
}

/** The model view at replay, in the requested format. */
export type ModelContext =
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
      format: 'ai-sdk-prompt';
      revision: number;
      system: string | undefined;
      messages: AiSdkModelMessage[];
      diagnostics: ModelContextDiagnostics;
    };

/**
 * The model view, computed on demand from the log: reads the session's window backwards from
 * `atRevision` (or the end) to its latest compact boundary (`readModelWindow`), normalizes it,
 * applies `projectToModel` with the query's options, and serializes it for the AI SDK when asked.
 * Nothing is stored; the same revision and options always give the same answer.
 *
 * `hiddenMessageIds` covers the window only: messages before the boundary are outside the view
 * by definition, and listing them would make the cost grow with the history again.
 */
export async function loadModelContext(
  store: EventStore,
  sessionId: string,
  query: ModelContextQuery = {},
): Promise<ModelContext> {
  const window = await readModelWindow(store, sessionId, {
    ...(query.atRevision === undefined ? {} : { atRevision: query.atRevision }),
    fromLatestBoundary: query.applyCompactBoundary !== false,
  });
  const normalized = normalizeSessionEvents(
    window.events.map((logged) => logged.event),
    { repairDanglingToolCalls: query.repairDanglingToolCalls !== false },
  );
  const context = projectionContext(sessionId, query, normalized.messages);
  const model = projectToModel(
    normalized.messages,
    context,
    query.recentUserTurns === undefined ? {} : { recentUserTurns: query.recentUserTurns },
  );
  const diagnostics: ModelContextDiagnostics = {
    ...model.diagnostics,
    repairs: windowRepairs(normalized.repairs, window),
    window: {
      fromRevision: window.fromRevision,
      toRevision: window.revision,
      ...(window.compactBoundaryId === undefined
        ? {}
        : { compactBoundaryId: window.compactBoundaryId }),
      eventsRead: window.eventsRead,
    },
  };
  const format = query.format ?? 'model';
  if (format === 'model') {
    return { format, revision: window.revision, messages: model.messages, diagnostics };
  }
  const serialized = toAiSdkMessagesWithReport(model.messages, { provider: query.provider });
  const withFallbacks = { ...diagnostics, fallbacks: serialized.fallbacks };
  if (format === 'ai-sdk') {
    return {
      format,
      revision: window.revision,
      messages: serialized.messages,
      diagnostics: withFallbacks,
    };
  }
  // As `toAiSdkPrompt`: the leading system message becomes `system`.
  const [first, ...rest] = serialized.messages;
  const prompt =
    first?.role === 'system'
      ? { system: first.content, messages: rest }
      : { system: undefined, messages: serialized.messages };
  return { format, revision: window.revision, ...prompt, diagnostics: withFallbacks };
}

function projectionContext(
  sessionId: string,
  query: ModelContextQuery,
  messages: readonly RuntimeMessage[],
): ProjectionContext {
  const {
    atRevision: _at,
    format: _format,
    recentUserTurns: _turns,
    repairDanglingToolCalls: _repair,
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
function windowRepairs(
  repairs: ReturnType<typeof normalizeSessionEvents>['repairs'],
  window: ModelWindow,
): SessionRepair[] {
  return repairs.flatMap(({ eventIndex, ...repair }): SessionRepair[] => {
    const revision = window.events[eventIndex]?.revision ?? -1;
    if (revision < window.fromRevision) return [];
    if (repair.type === 'unknown-prune-target' && window.fromRevision > 0) return [];
    return [{ ...repair, revision }];
  });
}
