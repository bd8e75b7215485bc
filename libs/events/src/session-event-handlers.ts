import type { MessageRecordedEvent, SessionEvent } from './session-event';

/** The session events that record no message: each kind has a handler of its own. */
type LifecycleEvent = Exclude<SessionEvent, MessageRecordedEvent>;

/**
 * What a consumer of session events does with each kind, for {@link handleSessionEvent}: one
 * handler per event type that records no message (`SessionStarted`, `SessionEnded`,
 * `ToolResultsPruned`, `ModelCallRecorded`), given its event narrowed to that type, and one
 * `MessageRecorded` handler for the 13 event types that record a runtime message (their data is
 * the message). Exhaustive by construction, as Emmett's `evolve` is per read model: a new event
 * type is a compile error in every map, not a silent gap. `A` is what each handler is given after
 * the event (a state, a position), `R` what it returns.
 *
 * `unknownType` handles an event whose type this code does not know (a newer log's, read as
 * stored); without it such an event throws. Build a map once (a module constant, or a field of
 * the object that uses it), not once per event.
 */
export type SessionEventHandlers<A extends unknown[], R> = {
  readonly [T in LifecycleEvent['type']]: (
    event: Extract<LifecycleEvent, { type: T }>,
    ...args: A
  ) => R;
} & {
  readonly MessageRecorded: (event: MessageRecordedEvent, ...args: A) => R;
  readonly unknownType?: (eventType: string, ...args: A) => R;
};
