import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ProjectionContext } from '../types';
import { analyticsFactsOf } from './analytics-facts-of';
import type { AnalyticsTimelineEntry } from './analytics-timeline';
import { modelCallFactsOf, type RecordedModelCall } from './model-call-facts-of';
import type { SessionAnalytics } from './session-analytics';
import { summarizeAnalytics } from './summarize-analytics';

/**
 * The analytics view of one session: from its recorded messages (retried copies dropped, pruning
 * marks applied; not the messages normalization makes) and its `ModelCallRecorded` events' data,
 * in log order, and where its calls, pruning marks and compact boundaries sit (`timeline`). The
 * read model stores the same facts per message and call and summarizes them with the same
 * function when read.
 */
export function projectToAnalytics(
  messages: readonly RuntimeMessage[],
  modelCalls: readonly RecordedModelCall[],
  context: Pick<ProjectionContext, 'sessionId'>,
  timeline: readonly AnalyticsTimelineEntry[] = [],
): SessionAnalytics {
  return summarizeAnalytics(
    context.sessionId,
    messages.map(analyticsFactsOf),
    modelCalls.map(modelCallFactsOf),
    timeline,
  );
}
