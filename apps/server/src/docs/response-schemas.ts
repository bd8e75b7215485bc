import type { Schema } from './runtime-message-schemas';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema) => ({ oneOf: [schema, { type: 'null' }] });
const integer = { type: 'integer' };
const strings = { type: 'array', items: { type: 'string' } };
const object = (required: string[], properties: Record<string, unknown>): Schema => ({
  type: 'object',
  required,
  properties,
});

const diagnostics = object(['hiddenMessageIds', 'truncatedMessageIds', 'injectedNotes'], {
  hiddenMessageIds: strings,
  truncatedMessageIds: strings,
  appliedCompactBoundaryId: { type: 'string' },
  injectedNotes: strings,
});

const repair = object(['kind', 'revision'], { kind: { type: 'string' }, revision: integer });

/**
 * The schemas of every GET response, as OpenAPI components (the client's contract types say the
 * same in TypeScript; the OpenAPI test validates real responses of the server against these).
 * Messages of the views carry the runtime message's fields (`RuntimeMessage`) plus the view's.
 */
export const RESPONSE_SCHEMAS: Record<string, Schema> = {
  ProjectionDiagnostics: diagnostics,
  SessionRepair: repair,
  SessionSummary: object(
    [
      'sessionId',
      'agents',
      'firstActivityAt',
      'lastActivityAt',
      'messageCounts',
      'messageCount',
      'compacted',
      'compactionCount',
      'pruningCount',
      'ended',
      'revision',
      'position',
    ],
    {
      sessionId: { type: 'string' },
      agents: strings,
      firstActivityAt: { type: 'string', format: 'date-time' },
      lastActivityAt: { type: 'string', format: 'date-time' },
      messageCounts: { type: 'object', additionalProperties: integer },
      messageCount: integer,
      compacted: { type: 'boolean' },
      compactionCount: integer,
      lastCompactBoundaryId: { type: 'string' },
      pruningCount: integer,
      modelCalls: integer,
      inputTokens: integer,
      outputTokens: integer,
      ended: { type: 'boolean' },
      revision: integer,
      position: integer,
    },
  ),
  SessionListPage: object(['sessions', 'nextCursor'], {
    sessions: { type: 'array', items: ref('SessionSummary') },
    nextCursor: nullable({ type: 'string' }),
  }),
  TranscriptEntry: object(
    ['view', 'id', 'kind', 'role', 'semanticType', 'sourceMessageIds', 'createdAt', 'content'],
    {
      view: { const: 'transcript' },
      id: { type: 'string' },
      kind: { type: 'string' },
      role: { enum: ['system', 'user', 'assistant', 'tool'] },
      semanticType: { type: 'string' },
      sourceMessageIds: strings,
      createdAt: { type: 'string' },
      runId: { type: 'string' },
      agentName: { type: 'string' },
      compactedAt: { type: 'string' },
      content: { description: "The runtime message's content, complete (see RuntimeMessage)." },
      metadata: {
        type: 'object',
        description: 'The runtime metadata, plus `compacted: true` on a pruned tool result.',
      },
    },
  ),
  TranscriptPage: object(['sessionId', 'revision', 'entries', 'nextCursor'], {
    sessionId: { type: 'string' },
    revision: integer,
    entries: { type: 'array', items: ref('TranscriptEntry') },
    nextCursor: nullable({ type: 'string' }),
  }),
  DebugEntry: object(['view', 'id', 'kind', 'role', 'content', 'model'], {
    view: { const: 'debug' },
    id: { type: 'string' },
    kind: { type: 'string' },
    role: { enum: ['system', 'user', 'assistant', 'tool'] },
    content: { description: "The runtime message's content." },
    runtimeMetadata: { type: 'object' },
    compactScopeBoundaryId: { type: 'string' },
    model: object(['status'], {
      status: { enum: ['shown', 'hidden'] },
      modelIndex: integer,
      reason: { type: 'string' },
    }),
  }),
  DebugPage: object(
    ['sessionId', 'revision', 'messages', 'nextCursor', 'diagnostics', 'repairs', 'failedEvents'],
    {
      sessionId: { type: 'string' },
      revision: integer,
      messages: { type: 'array', items: ref('DebugEntry') },
      nextCursor: nullable({ type: 'string' }),
      diagnostics: ref('ProjectionDiagnostics'),
      repairs: { type: 'array', items: ref('SessionRepair') },
      failedEvents: {
        type: 'array',
        items: object(['handler', 'position', 'revision', 'eventId', 'eventType', 'error'], {
          handler: { type: 'string' },
          position: integer,
          streamName: { type: 'string' },
          sessionId: { type: 'string' },
          revision: integer,
          eventId: { type: 'string' },
          eventType: { type: 'string' },
          error: { type: 'string' },
          failedAt: { type: 'string' },
        }),
      },
    },
  ),
  ExportResponse: object(['sessionId', 'revision', 'export'], {
    sessionId: { type: 'string' },
    revision: integer,
    export: object(['messages', 'diagnostics'], {
      messages: {
        type: 'array',
        items: object(
          ['view', 'id', 'role', 'semanticType', 'sourceMessageIds', 'createdAt', 'content'],
          {
            view: { const: 'export' },
            id: { type: 'string' },
            role: { enum: ['system', 'user', 'assistant', 'tool'] },
            semanticType: { type: 'string' },
            sourceMessageIds: strings,
            createdAt: { type: 'string' },
            agentName: { type: 'string' },
            content: { description: 'Text, or the runtime message’s content, redacted.' },
          },
        ),
      },
      diagnostics: {
        allOf: [
          ref('ProjectionDiagnostics'),
          object(['redactionCount', 'redactedMessageIds'], {
            redactionCount: integer,
            redactedMessageIds: strings,
          }),
        ],
      },
    }),
  }),
  AiSdkModelMessage: object(['role', 'content'], {
    role: { enum: ['system', 'user', 'assistant', 'tool'] },
    content: {
      oneOf: [
        { type: 'string' },
        { type: 'array', items: object(['type'], { type: { type: 'string' } }) },
      ],
    },
  }),
  ModelViewMessage: object(['role', 'semanticType', 'sourceMessageIds'], {
    view: { type: 'string' },
    role: { enum: ['system', 'user', 'assistant', 'tool'] },
    semanticType: { type: 'string' },
    sourceMessageIds: strings,
    content: {},
  }),
  ModelContextResponse: object(['sessionId', 'revision', 'messages', 'diagnostics'], {
    sessionId: { type: 'string' },
    revision: integer,
    system: {
      type: 'string',
      description: 'ai-sdk-prompt and compact-prompt: the system text for generateText.',
    },
    messages: {
      type: 'array',
      description:
        'format=ai-sdk, ai-sdk-prompt, compact-prompt: AI SDK ModelMessage[]; model, compact: model-view messages.',
      items: { anyOf: [ref('AiSdkModelMessage'), ref('ModelViewMessage')] },
    },
    diagnostics: {
      allOf: [
        ref('ProjectionDiagnostics'),
        object(['repairs', 'window'], {
          repairs: { type: 'array', items: ref('SessionRepair') },
          fallbacks: { type: 'array', items: { type: 'object' } },
          window: object(['fromRevision', 'toRevision', 'eventsRead'], {
            fromRevision: integer,
            toRevision: integer,
            compactBoundaryId: { type: 'string' },
            eventsRead: integer,
          }),
        }),
      ],
    },
  }),
  StoredEvent: object(['revision', 'position', 'id', 'type', 'data', 'metadata', 'createdAt'], {
    revision: integer,
    position: integer,
    id: { type: 'string' },
    type: { type: 'string' },
    data: { description: 'The event data: see the event type’s schema in event-schemas/.' },
    metadata: object(['schemaVersion'], { schemaVersion: integer }),
    createdAt: { type: 'string' },
  }),
  SessionEventsPage: object(['sessionId', 'events', 'nextRevision'], {
    sessionId: { type: 'string' },
    events: { type: 'array', items: ref('StoredEvent') },
    nextRevision: nullable(integer),
  }),
  HealthResponse: object(['status', 'store'], {
    status: { const: 'ok' },
    store: object(['kind', 'headPosition'], {
      kind: { type: 'string' },
      headPosition: nullable(integer),
    }),
  }),
};

/** The schema of a component, as a `$ref` for decorators. */
export function schemaRef(name: string): { $ref: string } {
  return ref(name);
}
