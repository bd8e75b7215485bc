export type {
  MessageEventType,
  MessageRecordedEvent,
  RecordedSessionEvent,
  SessionEndedEvent,
  SessionEvent,
  SessionEventDataOf,
  SessionEventMetadata,
  SessionEventType,
  SessionStartedEvent,
  ToolResultsPrunedEvent,
} from './session-event';
export { EVENT_TYPE_OF_KIND, SESSION_STREAM_PREFIX, sessionStreamName } from './session-event';
