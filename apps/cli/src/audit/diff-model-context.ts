import type { EventStore } from '@agent-ledger/event-store';
import { currentLine, normalizeSessionEvents, type SessionLogEvent } from '@agent-ledger/events';
import { projectToDebug, type DebugMessage } from '@agent-ledger/projections';
import type { ProjectionOptions } from '../commands/projection-options';
import { diffModelViews, type ModelContextChange } from './diff-model-views';
import { lastAgentName } from './last-agent-name';
import { providerContextChanges, type ProviderContextChange } from '@agent-ledger/model-context';
import { readSessionLog } from './read-session-log';

/** The model context at one end of a diff. */
export interface ModelContextSide {
  revision: number;
  /** The compact boundary the model view starts from, if any. */
  compactBoundaryId?: string;
  /** Messages in the model context. */
  modelMessages: number;
}

/** `diff`'s answer: both ends and the changes from one to the other. */
export interface ModelContextDiff {
  sessionId: string;
  from: ModelContextSide;
  to: ModelContextSide;
  changes: ModelContextChange[];
  /** What providers dropped on their side in between: compactions and applied context edits. */
  providerChanges: ProviderContextChange[];
}

/**
 * How the model context of a session changed from revision `from` to revision `to`: the debug
 * view at each (the model view's own rules, with what it did to every message and why), compared
 * message by message with `diffModelViews`, and what providers dropped on their side in between
 * (`providerContextChanges`). The stream is read once, up to the later revision.
 */
export async function diffModelContext(
  store: EventStore,
  sessionId: string,
  revisions: { from: number; to: number },
  projection: ProjectionOptions,
): Promise<ModelContextDiff> {
  const log = await readSessionLog(store, sessionId, {
    toRevision: Math.max(revisions.from, revisions.to),
  });
  const at = (revision: number) =>
    debugAt(
      sessionId,
      log.events.filter((event) => event.revision <= revision),
      projection,
    );
  const from = at(revisions.from);
  const to = at(revisions.to);
  const line = currentLine(log.events.filter((event) => event.revision <= revisions.to));
  return {
    sessionId,
    from: side(revisions.from, from),
    to: side(revisions.to, to),
    changes: diffModelViews(from.messages, to.messages),
    providerChanges: providerContextChanges(line, revisions.from, to.messages),
  };
}

function debugAt(
  sessionId: string,
  logged: readonly SessionLogEvent[],
  projection: ProjectionOptions,
): ReturnType<typeof projectToDebug> {
  // The model view follows the session's current line: what a rewind undid is not in it.
  const events = currentLine(logged).map((entry) => entry.event);
  const { messages } = normalizeSessionEvents(events);
  return projectToDebug(messages, {
    ...projection,
    sessionId,
    activeAgentName: projection.activeAgentName ?? lastAgentName(events) ?? 'default',
  });
}

function side(
  revision: number,
  debug: { messages: DebugMessage[]; diagnostics: { appliedCompactBoundaryId?: string } },
): ModelContextSide {
  const shown = new Set(
    debug.messages.flatMap((message) =>
      message.model.status === 'shown' ? [message.model.modelIndex] : [],
    ),
  );
  const boundaryId = debug.diagnostics.appliedCompactBoundaryId;
  return {
    revision,
    ...(boundaryId === undefined ? {} : { compactBoundaryId: boundaryId }),
    modelMessages: shown.size,
  };
}
