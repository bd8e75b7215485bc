import { AnalyticsReader } from '../analytics/analytics-reader';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { SearchReader } from '../search/search-reader';
import { SessionListReader } from '../session-list/session-list-reader';
import { SessionViewsReader } from '../session-views/session-views-reader';
import type { SessionReadModels } from './session-read-models';

/**
 * The read models of one session as the handlers stored them, in `computeSessionReadModels`'
 * shape, rows damaged or not (for `verify`).
 */
export function readSessionReadModels(db: ReadModelDatabase, sessionId: string): SessionReadModels {
  // Rows read as they are: the comparison with the log names each changed value, which a
  // checksum that does not match would hide behind one error.
  const reader = new SessionViewsReader(db, { checkRows: false });
  const views = reader.views(sessionId);
  return {
    sessionId,
    summary: new SessionListReader(db).session(sessionId),
    messages: views.messages,
    repairs: reader.repairs(sessionId),
    transcript: views.transcript,
    export: views.export,
    search: new SearchReader(db).documents(sessionId),
    analytics: new AnalyticsReader(db).session(sessionId),
  };
}
