import type { ReadReq } from '@eventstore/db-client/generated/streams_pb';
import type { LogRecord } from './log-record';

/** Decides whether a record passes a server-side `$all` filter. */
export type RecordPredicate = (record: LogRecord) => boolean;

/**
 * Compiles the filter of a `$all` read or subscription, as EventStoreDB's `EventFilter` does: on
 * the stream name or the event type; a non-empty regular expression wins over prefixes; a regular
 * expression matches anywhere in the value (.NET `Regex.IsMatch`), a prefix at its start.
 */
export function compileFilter(filter: ReadReq.Options.FilterOptions | undefined): RecordPredicate {
  if (filter === undefined) return () => true;
  const onStreamName = filter.hasStreamIdentifier();
  const expression = onStreamName ? filter.getStreamIdentifier() : filter.getEventType();
  if (expression === undefined) return () => true;
  const valueOf = (record: LogRecord): string =>
    onStreamName ? record.streamName : record.eventType;
  const regex = expression.getRegex();
  if (regex !== '') {
    const compiled = new RegExp(regex);
    return (record) => compiled.test(valueOf(record));
  }
  const prefixes = expression.getPrefixList();
  return (record) => prefixes.some((prefix) => valueOf(record).startsWith(prefix));
}
