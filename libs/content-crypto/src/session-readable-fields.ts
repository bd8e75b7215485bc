import {
  handleSessionEvent,
  isSessionEventType,
  SESSION_STREAM_PREFIX,
  type SessionEvent,
  type SessionEventHandlers,
} from '@agent-ledger/events';

/**
 * What stays readable of each session event in the log when its content is sealed: the
 * structure (ids, kinds, roles, times, tool names and call ids, agent names, token counts, model
 * ids, message id lists). Everything else (text, reasoning, tool input and output, attachments,
 * summaries, notes, reminders, reasons, provider metadata and raw usage, message metadata that
 * may hold content) is only in the sealed part. `docs/security.md` lists it as a table.
 */
const READABLE_MESSAGE_FIELDS = ['id', 'sessionId', 'runId', 'role', 'kind', 'createdAt'] as const;

/** Fields of `metadata` on a runtime message that hold no content. */
const READABLE_MESSAGE_METADATA_FIELDS = [
  'agentName',
  'effectiveAgentName',
  'synthetic',
  'visibleInTranscript',
  'eligibleForModelContext',
  'compactedAt',
  'compactBoundaryId',
  'summaryForBoundaryId',
  'source',
] as const;

/** Fields of a content part (or of a boundary's or agent switch's content) that hold no content. */
const READABLE_PART_FIELDS = [
  'type',
  'toolCallId',
  'toolName',
  'approvalId',
  'approved',
  'providerExecuted',
  'mediaType',
  'trigger',
  'tokensBefore',
  'retainFromMessageId',
  'fromAgent',
  'toAgent',
] as const;

const READABLE_MODEL_CALL_FIELDS = [
  'sessionId',
  'callId',
  'generationId',
  'stepNumber',
  'runId',
  'agentName',
  'provider',
  'modelId',
  'responseId',
  'finishReason',
  'contextRevision',
  'responseMessageCount',
  'messageIds',
  'recordedAt',
] as const;

const SESSION_STARTED_FIELDS = ['sessionId', 'startedAt', 'agentName', 'subjectId', 'forkedFrom'];
const SESSION_ENDED_FIELDS = ['sessionId', 'endedAt'];
const SESSION_REWOUND_FIELDS = ['sessionId', 'toRevision', 'fromRevision', 'rewoundAt'];
const TOOL_RESULTS_PRUNED_FIELDS = ['sessionId', 'messageIds', 'compactedAt'];
const CLAUDE_CODE_ENTRIES_FIELDS = ['sessionId', 'projectKey', 'subpath', 'recordedAt'];

type Readable = Record<string, unknown>;

const READABLE: SessionEventHandlers<[], Readable> = {
  SessionStarted: ({ data }) =>
    pick(data, SESSION_STARTED_FIELDS),
  SessionEnded: ({ data }) => pick(data, SESSION_ENDED_FIELDS),
  SessionRewound: ({ data }) =>
    pick(data, SESSION_REWOUND_FIELDS),
  ToolResultsPruned: ({ data }) => pick(data, TOOL_RESULTS_PRUNED_FIELDS),
  // The entries are the transcript itself: sealed whole.
  ClaudeCodeEntriesRecorded: ({ data }) =>
    pick(data, CLAUDE_CODE_ENTRIES_FIELDS),
  ModelCallRecorded: ({ data }) => {
    const readable = pick(data, READABLE_MODEL_CALL_FIELDS);
    if (isRecord(data.usage)) {
      const { raw: _raw, ...counts } = data.usage;
      readable.usage = counts;
    }
    return readable;
  },
  MessageRecorded: ({ data }) => {
    const readable = pick(data, READABLE_MESSAGE_FIELDS);
    if (isRecord(data.metadata)) {
      readable.metadata = pick(data.metadata, READABLE_MESSAGE_METADATA_FIELDS);
    }
    const content: unknown = data.content;
    if (Array.isArray(content)) {
      readable.content = content.map((part: unknown) =>
        isRecord(part) ? pick(part, READABLE_PART_FIELDS) : {},
      );
    } else if (isRecord(content)) {
      readable.content = pick(content, READABLE_PART_FIELDS);
    }
    return readable;
  },
  unknownType: () => ({}),
};

/**
 * The readable fields of an event to seal, or `undefined` when the event is not sealed: only the
 * session events of session streams are (`session-…`, a type of `SESSION_EVENT_TYPES`); other
 * streams and types pass through as they are. The event was checked against its schema before;
 * should it not have been, a field that is not what it should be is left out, never thrown on.
 */
export function sessionReadableFields(
  streamName: string,
  event: { type: string; data: unknown },
): Readable | undefined {
  if (!streamName.startsWith(SESSION_STREAM_PREFIX) || !isSessionEventType(event.type)) {
    return undefined;
  }
  if (!isRecord(event.data)) return {};
  // Checked against its schema by the caller; read defensively all the same (`pick`).
  return handleSessionEvent(READABLE, event as SessionEvent);
}

/**
 * The fields of `source` named in `fields`, in `source`'s order (so that the sealed part can
 * leave out a leading run of them, `subtractReadable`).
 */
function pick(source: object, fields: readonly string[]): Readable {
  const named = setOf(fields);
  const picked: Readable = {};
  const record = source as Readable;
  for (const field of Object.keys(record)) {
    if (named.has(field) && record[field] !== undefined) picked[field] = record[field];
  }
  return picked;
}

const sets = new Map<readonly string[], ReadonlySet<string>>();

/** The set of a (module-level, so few) field list, made once. */
function setOf(fields: readonly string[]): ReadonlySet<string> {
  let set = sets.get(fields);
  if (set === undefined) {
    set = new Set(fields);
    sets.set(fields, set);
  }
  return set;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
