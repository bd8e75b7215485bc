import Database from 'better-sqlite3';
import { StreamDeletedError, WrongExpectedRevisionError } from '../errors';
import type { ExpectedRevision } from '../event-store';

/** An error thrown by a write in the write worker, as it crosses to the store's thread. */
export interface EncodedWriteError {
  name: string;
  message: string;
  code?: string | undefined;
  streamName?: string | undefined;
  expectedRevision?: ExpectedRevision | undefined;
  actualRevision?: number | 'no_stream' | undefined;
  softDeleted?: boolean | undefined;
}

/** The fields that `decodeWriteError` rebuilds the error from. */
export function encodeWriteError(error: unknown): EncodedWriteError {
  if (error instanceof WrongExpectedRevisionError) {
    const { name, message, code, streamName, expectedRevision, actualRevision } = error;
    return { name, message, code, streamName, expectedRevision, actualRevision };
  }
  if (error instanceof StreamDeletedError) {
    const { name, message, code, streamName, softDeleted } = error;
    return { name, message, code, streamName, softDeleted };
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    const name = error instanceof Database.SqliteError ? 'SqliteError' : error.name;
    return { name, message: error.message, code };
  }
  return { name: 'Error', message: String(error) };
}

/**
 * The error a write would have thrown on this thread: the store's own errors (a caller acts on
 * their class and fields), SQLite's (by their `code`: `SQLITE_FULL`, `SQLITE_BUSY`, …), the rest
 * by name and message.
 */
export function decodeWriteError(encoded: EncodedWriteError): Error {
  const { code, streamName } = encoded;
  if (code === 'WrongExpectedRevision' && streamName !== undefined) {
    return new WrongExpectedRevisionError(
      streamName,
      encoded.expectedRevision ?? 'any',
      encoded.actualRevision ?? 'no_stream',
    );
  }
  if (code === 'StreamDeleted' && streamName !== undefined) {
    return new StreamDeletedError(streamName, encoded.softDeleted ?? false);
  }
  if (encoded.name === 'SqliteError' && code !== undefined) {
    return new Database.SqliteError(encoded.message, code);
  }
  if (encoded.name === 'RangeError') return new RangeError(encoded.message);
  if (encoded.name === 'TypeError') return new TypeError(encoded.message);
  const error = new Error(encoded.message);
  if (encoded.name !== 'Error') error.name = encoded.name;
  return error;
}
