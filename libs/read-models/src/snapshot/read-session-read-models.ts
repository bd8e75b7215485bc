import { AnalyticsReader } from '../analytics/analytics-reader';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { SearchReader } from '../search/search-reader';
import { SessionListReader } from '../session-list/session-list-reader';
import { SessionViewsReader } from '../session-views/session-views-reader';
import type { SessionReadModels } from './session-read-models';

/** The read models of one session as the handlers stored them, in `computeSessionReadModels`' shape. */
export function readSessionReadModels(db: ReadModelDatabase, sessionId: string): SessionReadModels {
  const views = new SessionViewsReader(db);
  return {
    sessionId,
    summary: new SessionListReader(db).session(sessionId),
    messages: views.messages(sessionId),
    repairs: views.repairs(sessionId),
    transcript: views.transcript(sessionId),
    export: views.export(sessionId),
    search: new SearchReader(db).documents(sessionId),
    analytics: new AnalyticsReader(db).session(sessionId),
  };
}
