import {
  handleSessionEvent,
  type SessionEventHandlers,
  type SessionLogEvent,
} from '@agent-ledger/events';
import type { AnalyticsTimelineEntry } from '@agent-ledger/projections';

type Entry = AnalyticsTimelineEntry | undefined;

/**
 * What each kind of event is on the timeline: a call, a pruning, a compaction (the ledger's
 * boundary, or a provider's artifact), or nothing.
 */
const TIMELINE: SessionEventHandlers<[revision: number], Entry> = {
  SessionStarted: () => undefined,
  SessionEnded: () => undefined,
  SessionRewound: () => undefined,
  ClaudeCodeEntriesRecorded: () => undefined,
  ContextOverflowRecovered: () => undefined,
  ProviderCompactionRecorded: ({ data }, revision) => ({
    kind: 'provider-compaction',
    revision,
    compactionId: data.compactionId,
    provider: data.provider,
    family: data.family,
  }),
  ProviderContextEdited: () => undefined,
  ModelCallRecorded: ({ data }, revision) => ({ kind: 'call', revision, callId: data.callId }),
  ToolResultsPruned: ({ data }, revision) => ({
    kind: 'pruning',
    revision,
    messageIds: [...data.messageIds],
  }),
  MessageRecorded: ({ data }, revision) =>
    data.kind === 'compact_boundary'
      ? { kind: 'compaction', revision, boundaryId: data.id }
      : undefined,
  unknownType: () => undefined,
};

/**
 * The analytics timeline's entry of one event: a model call, a pruning mark, a compact boundary,
 * a provider compaction; `undefined` for any other event. The caller keeps the first entry of a call or boundary id.
 */
export function analyticsTimelineEntryOf({
  event,
  revision,
}: Pick<SessionLogEvent, 'event' | 'revision'>): AnalyticsTimelineEntry | undefined {
  return handleSessionEvent(TIMELINE, event, revision);
}

/**
 * A session's analytics timeline from its parsed events in order, as `AnalyticsTimelineHandler`
 * keeps it: the first entry of each call and boundary id, every pruning mark.
 */
export function analyticsTimelineOf(
  events: ReadonlyArray<Pick<SessionLogEvent, 'event' | 'revision'>>,
): AnalyticsTimelineEntry[] {
  const seen = new Set<string>();
  const timeline: AnalyticsTimelineEntry[] = [];
  for (const logged of events) {
    const entry = analyticsTimelineEntryOf(logged);
    if (entry === undefined) continue;
    const key = timelineKeyOf(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    timeline.push(entry);
  }
  return timeline;
}

/** What makes an entry one: a call's id, a boundary's id, a compaction's id, a mark's revision. */
export function timelineKeyOf(entry: AnalyticsTimelineEntry): string {
  switch (entry.kind) {
    case 'call':
      return `call:${entry.callId}`;
    case 'compaction':
      return `compaction:${entry.boundaryId}`;
    case 'pruning':
      return `pruning:${entry.revision}`;
    case 'provider-compaction':
      return `provider-compaction:${entry.compactionId}`;
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}
