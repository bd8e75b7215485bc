import { kindOfEventType } from './kind-of-event-type';
import type { MessageEventType } from './session-event';

/** True when `type` is one of the 13 event types that record a runtime message. */
export function isMessageEventType(type: string): type is MessageEventType {
  return kindOfEventType(type) !== undefined;
}
