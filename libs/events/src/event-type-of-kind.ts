import type { RuntimeMessageKind } from '@agent-ledger/messages';
import { EVENT_TYPE_OF_KIND } from './session-event';

/** The event type that records a message of `kind` (`user_input` → `UserInputRecorded`). */
export function eventTypeOfKind<K extends RuntimeMessageKind>(
  kind: K,
): (typeof EVENT_TYPE_OF_KIND)[K] {
  return EVENT_TYPE_OF_KIND[kind];
}
