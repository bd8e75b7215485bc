import { EVENT_TYPE_OF_KIND, type SessionEventType } from './session-event';

/**
 * Every session event type: one per runtime-message kind, then the lifecycle, pruning and
 * model-call events, the raw Claude Code entries, recovered context overflows, and
 * provider-side compactions and context edits.
 */
export const SESSION_EVENT_TYPES: readonly SessionEventType[] = [
  ...Object.values(EVENT_TYPE_OF_KIND),
  'SessionStarted',
  'SessionEnded',
  'SessionRewound',
  'ToolResultsPruned',
  'ModelCallRecorded',
  'ClaudeCodeEntriesRecorded',
  'ContextOverflowRecovered',
  'ProviderCompactionRecorded',
  'ProviderContextEdited',
];

const KNOWN_TYPES: ReadonlySet<string> = new Set(SESSION_EVENT_TYPES);

/** True when `type` names a session event this code knows (a log may hold newer ones). */
export function isSessionEventType(type: string): type is SessionEventType {
  return KNOWN_TYPES.has(type);
}
