import { RUNTIME_MESSAGE_KINDS, type RuntimeMessageKind } from '@agent-ledger/messages';
import { EVENT_TYPE_OF_KIND } from './session-event';

const KIND_OF_EVENT_TYPE: ReadonlyMap<string, RuntimeMessageKind> = new Map(
  RUNTIME_MESSAGE_KINDS.map((kind) => [EVENT_TYPE_OF_KIND[kind], kind]),
);

/**
 * The runtime-message kind an event type records (`UserInputRecorded` → `user_input`), or
 * `undefined` for events that record no message (`SessionStarted`, `ToolResultsPruned`, unknown).
 */
export function kindOfEventType(type: string): RuntimeMessageKind | undefined {
  return KIND_OF_EVENT_TYPE.get(type);
}
