import type { EventStore } from '@agent-ledger/event-store';
import { currentLine } from '@agent-ledger/events';
import { loadModelContext } from '@agent-ledger/model-context';
import { computeSessionReadModels, type ExportPolicy } from '@agent-ledger/read-models';
import { runProjection, type CliView } from '../run-projection';
import type { ProjectionOptions } from '../commands/projection-options';
import { lastAgentName } from './last-agent-name';
import { readSessionLog } from './read-session-log';

/** A view of a session as of one revision. */
export interface ReplayedView {
  sessionId: string;
  revision: number;
  view: CliView;
  messages: unknown[];
  diagnostics: Record<string, unknown>;
}

/**
 * Computes `view` by replaying the session's stream up to `revision` (default: its end), each by
 * the route the server takes for it, so that the CLI and the API give the same answer:
 * - `model`, `ai-sdk`: `loadModelContext` at `atRevision`, the model view at replay (the window is
 *   read backwards to the latest boundary; the diagnostics say which).
 * - `transcript`, `export`: `computeSessionReadModels` over the events up to the revision, the
 *   in-memory route of the read models (at the latest revision it equals the stored read model;
 *   a tool call still waiting for its result shows as pending, not repaired).
 * - `compact`, `debug`: normalization and the projection over the events up to the revision, with
 *   the model view's repairs, so that the debug view explains exactly the model view.
 */
export async function replayView(
  store: EventStore,
  sessionId: string,
  view: CliView,
  options: { revision?: number; projection: ProjectionOptions; exportPolicy: ExportPolicy },
): Promise<ReplayedView> {
  if (view === 'model' || view === 'ai-sdk') {
    const context = await loadModelContext(store, sessionId, {
      ...options.projection,
      ...(options.revision === undefined ? {} : { atRevision: options.revision }),
      format: view,
    });
    const { diagnostics, revision, messages } = context;
    return { sessionId, revision, view, messages, diagnostics: { ...diagnostics } };
  }
  const log = await readSessionLog(
    store,
    sessionId,
    options.revision === undefined ? {} : { toRevision: options.revision },
  );
  const revision = options.revision ?? log.latestRevision;
  if (view === 'transcript' || view === 'export') {
    const computed = computeSessionReadModels(sessionId, log.recorded, {
      exportPolicy: options.exportPolicy,
    });
    const result = view === 'transcript' ? computed.transcript : computed.export;
    const repairs = computed.repairs.length > 0 ? { repairs: computed.repairs } : {};
    return {
      sessionId,
      revision,
      view,
      messages: result.messages,
      diagnostics: { ...result.diagnostics, ...repairs },
    };
  }
  // The compact and debug views explain the model view: along the current line, as it is.
  const events = currentLine(log.events).map((logged) => logged.event);
  const result = runProjection(events, view, {
    ...options.projection,
    sessionId,
    activeAgentName: options.projection.activeAgentName ?? lastAgentName(events) ?? 'default',
  });
  return { sessionId, revision, view, ...result };
}
