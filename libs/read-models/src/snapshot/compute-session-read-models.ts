import type { RecordedEvent } from '@agent-ledger/event-store';
import {
  normalizeSessionEvents,
  parseSessionLogEvent,
  type SessionLogEvent,
  type SessionRepair,
} from '@agent-ledger/events';
import {
  projectToAnalytics,
  projectToExport,
  projectToSearch,
  projectToTranscript,
} from '@agent-ledger/projections';
import { analyticsTimelineOf } from '../analytics/analytics-timeline-entry-of';
import { recordedMessages } from '../search/recorded-messages';
import {
  evolveSessionSummary,
  foldIntoSessionSummary,
} from '../session-list/evolve-session-summary';
import type { SessionSummary } from '../session-list/session-summary';
import { exportRedaction, type ExportPolicy } from '../session-views/export-policy';
import type { SessionReadModels } from './session-read-models';

/**
 * The read models of one session recomputed from its events in memory, by the pure route:
 * parse every event as the runner does (refused events are left out, as the runner skips them),
 * `normalizeSessionEvents` with `repairDanglingToolCalls: false` (the read models show a call
 * whose result is still coming as pending), then `projectToTranscript` and `projectToExport`;
 * search and analytics are `projectToSearch` and `projectToAnalytics` of the recorded messages
 * (`recordedMessages`: what was recorded, before normalization's pairing).
 * `events` are the session stream's events in order, from revision 0.
 */
export function computeSessionReadModels(
  sessionId: string,
  events: readonly RecordedEvent[],
  options: { exportPolicy?: ExportPolicy } = {},
): SessionReadModels {
  // Loops, not flatMap and map: a session's events are many, and verify recomputes every session.
  const logged: SessionLogEvent[] = [];
  const sessionEvents: SessionLogEvent['event'][] = [];
  for (const event of events) {
    const parsed = parseSessionLogEvent(event);
    if (!parsed.ok) continue;
    logged.push(parsed.event);
    sessionEvents.push(parsed.event.event);
  }
  const normalized = normalizeSessionEvents(sessionEvents, { repairDanglingToolCalls: false });
  const policy = options.exportPolicy ?? {};
  const context = { sessionId, activeAgentName: '' };
  const recorded = recordedMessages(logged);
  return {
    sessionId,
    summary: sessionSummaryOf(logged),
    messages: normalized.messages,
    repairs: normalized.repairs.map(({ eventIndex, ...repair }): SessionRepair => ({
      ...repair,
      revision: logged[eventIndex]?.revision ?? -1,
    })),
    transcript: projectToTranscript(normalized.messages, context),
    export: projectToExport(
      normalized.messages,
      { ...context, includeReasoning: policy.includeReasoning === true },
      exportRedaction(policy),
    ),
    search: projectToSearch(recorded.messages, context).messages,
    analytics:
      recorded.messages.length === 0 && recorded.modelCalls.length === 0
        ? undefined
        : projectToAnalytics(
            recorded.messages,
            recorded.modelCalls,
            context,
            analyticsTimelineOf(logged),
          ),
  };
}

/** The session list's summary after `logged`: the first event's copy, then folded into in place. */
function sessionSummaryOf(logged: readonly SessionLogEvent[]): SessionSummary | undefined {
  const first = logged[0];
  if (first === undefined) return undefined;
  const summary = evolveSessionSummary(undefined, first);
  for (let index = 1; index < logged.length; index += 1) {
    foldIntoSessionSummary(summary, logged[index]!);
  }
  return summary;
}
