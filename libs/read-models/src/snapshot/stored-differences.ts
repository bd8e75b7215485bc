import type { ReadModelDatabase } from '../database/open-read-model-database';
import { jsonDifferences } from './json-differences';
import { readSessionReadModels } from './read-session-read-models';
import type { SessionReadModels } from './session-read-models';

/**
 * The differences between `expected` (a session's read models recomputed from the log) and the
 * stored ones, read back through the readers (`readSessionReadModels`); empty when they agree.
 *
 * A row changed behind the handlers' back can be one no reader makes sense of (a hidden message
 * marked as in the transcript, say): the readers then throw, and that is reported as the
 * session's difference, not as a failure of the comparison. The database's own errors
 * (`SqliteError`: a locked or damaged file) still throw.
 */
export function storedDifferences(db: ReadModelDatabase, expected: SessionReadModels): string[] {
  try {
    return jsonDifferences(expected, readSessionReadModels(db, expected.sessionId));
  } catch (error) {
    if (!(error instanceof Error) || isSqliteError(error)) throw error;
    return [`$: the stored read models cannot be read back: ${error.message}`];
  }
}

/**
 * An error of SQLite itself (its code `SQLITE_…`), told by its code rather than its class: the
 * native side keeps the error class of the first JavaScript realm that loaded it.
 */
function isSqliteError(error: Error): boolean {
  return 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_');
}
