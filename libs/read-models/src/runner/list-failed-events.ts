import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { FailedEvent } from './failed-event';
import { FailedEventTable } from './failed-event-table';

/** The events handlers could not process (all, or one session's), in log order. */
export function listFailedEvents(db: ReadModelDatabase, sessionId?: string): FailedEvent[] {
  return new FailedEventTable(db).list(sessionId);
}
