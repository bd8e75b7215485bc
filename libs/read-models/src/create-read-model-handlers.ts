import { AnalyticsTimelineHandler } from './analytics/analytics-timeline-handler';
import type { ReadModelDatabase } from './database/open-read-model-database';
import type { ProjectionHandler } from './runner/projection-handler';
import { RecordedMessagesHandler } from './search/recorded-messages-handler';
import type { SearchBlobText } from './search/search-blob-text';
import { SessionListHandler } from './session-list/session-list-handler';
import type { ExportPolicy } from './session-views/export-policy';
import { SessionViewsHandler } from './session-views/session-views-handler';

/**
 * Every read model's handler: session views (transcript, export, debug), the session list, the
 * recorded messages (search and analytics), and the analytics timeline. `searchBlobText`: where
 * search reads the text of blob outputs (else their previews are indexed).
 */
export function createReadModelHandlers(
  db: ReadModelDatabase,
  options: { exportPolicy?: ExportPolicy; searchBlobText?: SearchBlobText } = {},
): ProjectionHandler[] {
  return [
    new SessionViewsHandler(db, options.exportPolicy),
    new SessionListHandler(db),
    new RecordedMessagesHandler(db, options.exportPolicy, options.searchBlobText),
    new AnalyticsTimelineHandler(db),
  ];
}
