import type { EventFilter, RecordedEvent } from '@agent-ledger/event-store';

/**
 * The port's `$all` filter applied in the adapter, with EventStoreDB's semantics: prefixes match
 * at the start, a regular expression anywhere in the stream name or event type.
 */
export function matchesEventFilter(
  filter: EventFilter,
  event: Pick<RecordedEvent, 'streamName' | 'type'>,
): boolean {
  const value = filter.on === 'streamName' ? event.streamName : event.type;
  return 'regex' in filter
    ? new RegExp(filter.regex).test(value)
    : filter.prefixes.some((prefix) => value.startsWith(prefix));
}
