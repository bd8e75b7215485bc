import { AnalyticsHandler } from './analytics/analytics-handler';
import type { ReadModelDatabase } from './database/open-read-model-database';
import type { ProjectionHandler } from './runner/projection-handler';
import { SearchHandler } from './search/search-handler';
import { SessionListHandler } from './session-list/session-list-handler';
import type { ExportPolicy } from './session-views/export-policy';
import { SessionViewsHandler } from './session-views/session-views-handler';

/** Every read model's handler: session views (transcript, export, debug), the session list, search and analytics. */
export function createReadModelHandlers(
  db: ReadModelDatabase,
  options: { exportPolicy?: ExportPolicy } = {},
): ProjectionHandler[] {
  return [
    new SessionViewsHandler(db, options.exportPolicy),
    new SessionListHandler(db),
    new SearchHandler(db),
    new AnalyticsHandler(db),
  ];
}
