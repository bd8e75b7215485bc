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
  'repeatsMessageId',
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

type Readable = Record<string, unknown>;

const READABLE: SessionEventHandlers<[], Readable> = {
  SessionStarted: ({ data }) =>
    pick(data, ['sessionId', 'startedAt', 'agentName', 'subjectId', 'forkedFrom']),
  SessionEnded: ({ data }) => pick(data, ['sessionId', 'endedAt']),
  SessionRewound: ({ data }) =>
    pick(data, ['sessionId', 'toRevision', 'fromRevision', 'rewoundAt']),
  ToolResultsPruned: ({ data }) => pick(data, ['sessionId', 'messageIds', 'compactedAt']),
  // No content: the provider, the error codes and the budgets.
  ContextOverflowRecovered: ({ data }) =>
    pick(data, ['sessionId', 'recoveryId', 'provider', 'call', 'attempts', 'recordedAt']),
  // The summary is content; the rest names messages and calls.
  ProviderCompactionRecorded: ({ data }) =>
    pick(data, [
      'sessionId',
      'compactionId',
      'provider',
      'family',
      'artifactMessageId',
      'coversThroughMessageId',
      'retainedMessageIds',
      'callId',
      'recordedAt',
    ]),
  // No content: the strategies and their counts.
  ProviderContextEdited: ({ data }) =>
    pick(data, ['sessionId', 'callId', 'provider', 'edits', 'recordedAt']),
  // The entries are the transcript itself: sealed whole.
  ClaudeCodeEntriesRecorded: ({ data }) =>
    pick(data, ['sessionId', 'projectKey', 'subpath', 'recordedAt']),
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

function pick(source: object, fields: readonly string[]): Readable {
  const picked: Readable = {};
  const record = source as Readable;
  for (const field of fields) {
    if (record[field] !== undefined) picked[field] = record[field];
  }
  return picked;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
