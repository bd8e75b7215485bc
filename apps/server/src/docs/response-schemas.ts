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

const repair = object(['type', 'revision', 'detail'], {
  type: { type: 'string' },
  revision: integer,
  detail: { type: 'string' },
  messageId: { type: 'string' },
  toolCallId: { type: 'string' },
  syntheticMessageId: { type: 'string' },
  callMessageId: { type: 'string' },
  resultMessageId: { type: 'string' },
  approvalId: { type: 'string' },
  approved: { type: 'boolean' },
  renamedTo: { type: 'string' },
});

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
      subjectId: { type: 'string' },
      contentErased: { type: 'boolean' },
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
      forkedFrom: object(['sessionId', 'revision'], {
        sessionId: { type: 'string' },
        revision: integer,
      }),
      rewindCount: integer,
      revision: integer,
      position: integer,
    },
  ),
  RewindResult: object(['sessionId', 'revision', 'position', 'toRevision', 'rewoundMessageIds'], {
    sessionId: { type: 'string' },
    revision: integer,
    position: integer,
    toRevision: integer,
    rewoundMessageIds: strings,
  }),
  ErasureReceipt: object(
    [
      'erasureId',
      'status',
      'action',
      'reason',
      'requestedBy',
      'requestedAt',
      'sessionIds',
      'sessions',
    ],
    {
      erasureId: { type: 'string' },
      status: { enum: ['in-progress', 'completed'] },
      subjectId: { type: 'string' },
      action: { enum: ['erase', 'strip-content'] },
      reason: { enum: ['request', 'retention'] },
      maxIdle: { type: 'string' },
      requestedBy: object(['via'], {
        via: { enum: ['http', 'cli', 'retention'] },
        keyId: { type: 'string' },
      }),
      requestedAt: { type: 'string', format: 'date-time' },
      completedAt: { type: 'string', format: 'date-time' },
      sessionIds: strings,
      sessions: {
        type: 'array',
        items: object(['sessionId', 'events', 'eventsByType', 'eventIdsDigest'], {
          sessionId: { type: 'string' },
          events: integer,
          lastRevision: integer,
          eventsByType: { type: 'object', additionalProperties: integer },
          eventIdsDigest: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
          firstRecordedAt: { type: 'string', format: 'date-time' },
          lastRecordedAt: { type: 'string', format: 'date-time' },
        }),
      },
      erasedEvents: integer,
      contentKeysDestroyed: integer,
      blobsDeleted: integer,
      physical: { type: 'boolean' },
    },
  ),
  ErasureReceiptPage: object(['erasures', 'nextCursor'], {
    erasures: { type: 'array', items: ref('ErasureReceipt') },
    nextCursor: nullable({ type: 'string' }),
  }),
  RetentionRun: object(['maxIdle', 'action', 'dryRun', 'idleBefore', 'sessionIds', 'erasures'], {
    maxIdle: { type: 'string' },
    action: { enum: ['erase', 'strip-content'] },
    dryRun: { type: 'boolean' },
    idleBefore: { type: 'string', format: 'date-time' },
    sessionIds: strings,
    erasures: { type: 'array', items: ref('ErasureReceipt') },
  }),
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
      rewound: {
        const: true,
        description:
          "Set when a rewind undid the message: it is off the session's current line (an abandoned branch).",
      },
      providerCompaction: object(['family', 'artifact'], {
        family: { enum: ['anthropic', 'openai'] },
        artifact: { enum: ['openai-compaction-item', 'anthropic-compaction-block'] },
        summary: { type: 'string' },
      }),
      repeatsMessageId: {
        type: 'string',
        description: 'A copy of an earlier message that a provider compaction kept.',
      },
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
    rewound: {
      const: true,
      description:
        'Set when a rewind undid the message: off the current line, hidden from the model.',
    },
    providerCompaction: object(['family', 'artifact'], {
      family: { enum: ['anthropic', 'openai'] },
      artifact: { enum: ['openai-compaction-item', 'anthropic-compaction-block'] },
      summary: { type: 'string' },
    }),
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
    modelCall: {
      ...object(
        ['callNumber', 'callId', 'recordedAtRevision', 'contextRevision', 'revisionSource'],
        {
          callNumber: integer,
          callId: { type: 'string' },
          provider: { type: 'string' },
          modelId: { type: 'string' },
          agentName: { type: 'string' },
          recordedAtRevision: integer,
          contextRevision: integer,
          revisionSource: { enum: ['recorded', 'inferred'] },
        },
      ),
      description:
        'call=N: which recorded model call, and how the revision it was made from was found.',
    },
    tokens: {
      ...object(['input', 'method'], {
        input: integer,
        method: { enum: ['tokenizer:o200k_base', 'calibrated', 'estimate'] },
      }),
      description:
        "The context's input tokens for the provider asked: OpenAI's o200k_base tokenizer, else an estimate calibrated by the session's recorded calls, else a plain estimate.",
    },
    providerOptions: {
      ...object(['openai'], {
        openai: object(['promptCacheKey'], { promptCacheKey: { type: 'string' } }),
      }),
      description:
        'OpenAI providers: call-level provider options for generateText (the prompt cache key).',
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
          fallbacks: {
            type: 'array',
            items: object(['rule', 'detail'], {
              rule: { type: 'string' },
              detail: { type: 'string' },
              sourceMessageIds: strings,
            }),
          },
          retainFromMessageId: { type: 'string' },
          budget: object(
            [
              'maxInputTokens',
              'tokensBefore',
              'tokensAfter',
              'stubbedMessageIds',
              'truncatedMessageIds',
              'fits',
            ],
            {
              maxInputTokens: integer,
              tokensBefore: { type: 'number' },
              tokensAfter: { type: 'number' },
              stubbedMessageIds: strings,
              truncatedMessageIds: strings,
              fits: { type: 'boolean' },
              code: { enum: ['CompactionNeeded'] },
            },
          ),
          cacheBreakpoints: { type: 'array', items: integer },
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
  ModelCallEntry: object(
    [
      'number',
      'revision',
      'callId',
      'generationId',
      'responseMessageCount',
      'messageIds',
      'recordedAt',
    ],
    {
      number: integer,
      revision: integer,
      callId: { type: 'string' },
      generationId: { type: 'string' },
      stepNumber: integer,
      runId: { type: 'string' },
      agentName: { type: 'string' },
      provider: { type: 'string' },
      modelId: { type: 'string' },
      responseId: { type: 'string' },
      finishReason: { type: 'string' },
      usage: {
        type: 'object',
        description: "The AI SDK's token counts as recorded, without the provider's `raw` usage.",
        additionalProperties: true,
      },
      latencyMs: { type: 'number', minimum: 0 },
      cost: object(['amount', 'currency', 'source'], {
        amount: { type: 'number', minimum: 0 },
        currency: { type: 'string' },
        source: { enum: ['provider', 'runtime'] },
      }),
      contextRevision: integer,
      contextTokens: object(['input', 'method'], {
        input: { type: 'number', minimum: 0 },
        method: { type: 'string' },
      }),
      responseMessageCount: integer,
      messageIds: strings,
      recordedAt: { type: 'string' },
    },
  ),
  ModelCallsPage: object(['sessionId', 'calls', 'nextCursor'], {
    sessionId: { type: 'string' },
    calls: { type: 'array', items: ref('ModelCallEntry') },
    nextCursor: nullable({ type: 'string' }),
  }),
  SessionEventsPage: object(['sessionId', 'events', 'nextRevision'], {
    sessionId: { type: 'string' },
    events: { type: 'array', items: ref('StoredEvent') },
    nextRevision: nullable(integer),
  }),
  ImportHistoryResult: object(['sessions', 'report'], {
    sessions: {
      type: 'array',
      items: object(['sessionId', 'appended', 'revision', 'position'], {
        sessionId: { type: 'string' },
        parent: object(['sessionId'], {
          sessionId: { type: 'string' },
          toolCallId: { type: 'string' },
        }),
        appended: { ...integer, description: 'Events appended (0 when imported before).' },
        revision: integer,
        position: integer,
      }),
    },
    report: { type: 'object', description: 'What the importer read, skipped and joined.' },
  }),
  RecordClaudeCodeEntriesResult: object(['kept', 'mapping'], {
    kept: { ...integer, description: 'Entries kept (those whose uuid was already kept left out).' },
    mapping: ref('ImportHistoryResult'),
  }),
  ClaudeCodeEntries: object(['sessionId', 'projectKey', 'entries', 'subpaths'], {
    sessionId: { type: 'string' },
    projectKey: { type: 'string' },
    subpath: { type: 'string' },
    entries: {
      type: 'array',
      items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
      description: 'The kept transcript entries, verbatim, in the order they were kept.',
    },
    subpaths: { ...strings, description: 'Subpaths (sub-agents’ transcripts) that kept entries.' },
  }),
  OtelGenAiExport: object(['sessionId', 'revision', 'calls'], {
    sessionId: { type: 'string' },
    revision: integer,
    calls: {
      type: 'array',
      description:
        'Per recorded model call, its OpenTelemetry GenAI attributes (gen_ai.input.messages, gen_ai.output.messages, gen_ai.system_instructions, usage).',
      items: { type: 'object' },
    },
  }),
  UiMessagesExport: object(['sessionId', 'revision', 'messages'], {
    sessionId: { type: 'string' },
    revision: integer,
    messages: {
      type: 'array',
      description: 'AI SDK UIMessage[].',
      items: object(['id', 'role', 'parts'], {
        id: { type: 'string' },
        role: { enum: ['system', 'user', 'assistant'] },
        parts: { type: 'array', items: object(['type'], { type: { type: 'string' } }) },
      }),
    },
  }),
  SearchResult: object(
    [
      'sessionId',
      'messageId',
      'kind',
      'role',
      'revision',
      'position',
      'createdAt',
      'snippet',
      'visibility',
      'score',
    ],
    {
      sessionId: { type: 'string' },
      messageId: { type: 'string' },
      kind: { type: 'string' },
      role: { enum: ['system', 'user', 'assistant', 'tool'] },
      revision: integer,
      position: integer,
      createdAt: { type: 'string' },
      snippet: { type: 'string', description: 'The match between « and ».' },
      visibility: { enum: ['visible', 'truncated', 'behind-boundary', 'hidden'] },
      score: { type: 'number', description: 'BM25, higher is better.' },
    },
  ),
  SearchPage: object(['results', 'nextCursor'], {
    results: { type: 'array', items: ref('SearchResult') },
    nextCursor: nullable({ type: 'string' }),
  }),
  TokenTotals: object(['input', 'output', 'reasoning', 'cachedInput', 'cacheWrite', 'total'], {
    input: integer,
    output: integer,
    reasoning: integer,
    cachedInput: integer,
    cacheWrite: integer,
    total: integer,
  }),
  LatencyFigures: object(['p50', 'max', 'total'], {
    p50: { type: 'number' },
    max: { type: 'number' },
    total: { type: 'number' },
  }),
  ModelCallRow: object(
    [
      'callId',
      'recordedAt',
      'model',
      'inputTokens',
      'outputTokens',
      'cacheReadTokens',
      'cacheWriteTokens',
    ],
    {
      callId: { type: 'string' },
      recordedAt: { type: 'string' },
      model: { type: 'string' },
      inputTokens: integer,
      outputTokens: integer,
      cacheReadTokens: integer,
      cacheWriteTokens: integer,
      latencyMs: { type: 'number' },
      cost: object(['amount', 'currency'], {
        amount: { type: 'number' },
        currency: { type: 'string' },
      }),
      estimatedInputTokens: { type: 'number' },
      estimateMethod: { type: 'string' },
      estimateError: { type: 'number' },
    },
  ),
  ContextShrinkFigures: object(['kind', 'revision', 'callsAfter'], {
    kind: { enum: ['pruning', 'compaction'] },
    revision: integer,
    boundaryId: { type: 'string' },
    results: integer,
    tokensBefore: { type: 'number' },
    tokensAfter: { type: 'number' },
    tokensShed: { type: 'number' },
    callsAfter: integer,
    tokensSaved: { type: 'number' },
    cache: object(['cachedBefore', 'readAfter', 'writtenAfter', 'rebilledTokens', 'netCost'], {
      cachedBefore: { type: 'number' },
      readAfter: { type: 'number' },
      writtenAfter: { type: 'number' },
      rebilledTokens: { type: 'number' },
      netCost: { type: 'number' },
      breakEvenCalls: integer,
    }),
  }),
  SizeFigures: object(['p50', 'max', 'total'], { p50: integer, max: integer, total: integer }),
  SessionAnalytics: object(
    [
      'view',
      'sessionId',
      'turns',
      'messages',
      'modelCalls',
      'calls',
      'tokens',
      'tools',
      'prunings',
      'compactions',
      'providerCompactions',
      'contextShrinks',
      'handoffs',
    ],
    {
      view: { const: 'analytics' },
      sessionId: { type: 'string' },
      turns: integer,
      messages: object(['total', 'byKind'], {
        total: integer,
        byKind: { type: 'object', additionalProperties: integer },
      }),
      modelCalls: object(['total', 'byModel'], {
        total: integer,
        byModel: { type: 'object', additionalProperties: integer },
        timed: integer,
        latencyMs: object(['p50', 'max', 'total'], {
          p50: { type: 'number' },
          max: { type: 'number' },
          total: { type: 'number' },
        }),
        priced: integer,
        cost: { type: 'object', additionalProperties: { type: 'number' } },
      }),
      calls: { type: 'array', items: ref('ModelCallRow') },
      tokenEstimates: object(['calls', 'meanAbsoluteError', 'meanAbsolutePercentError'], {
        calls: integer,
        meanAbsoluteError: { type: 'number' },
        meanAbsolutePercentError: { type: 'number' },
      }),
      tokens: ref('TokenTotals'),
      tools: {
        type: 'array',
        items: object(['toolName', 'calls', 'results', 'errors', 'outputChars'], {
          toolName: { type: 'string' },
          calls: integer,
          results: integer,
          errors: integer,
          outputChars: ref('SizeFigures'),
        }),
      },
      prunings: object(['results', 'characters'], { results: integer, characters: integer }),
      compactions: {
        type: 'array',
        items: object(['boundaryId', 'createdAt'], {
          boundaryId: { type: 'string' },
          createdAt: { type: 'string' },
          tokensBefore: integer,
          summaryChars: integer,
        }),
      },
      providerCompactions: {
        type: 'array',
        items: object(['compactionId', 'revision', 'provider', 'family', 'callsAfter'], {
          compactionId: { type: 'string' },
          revision: integer,
          provider: { type: 'string' },
          family: { enum: ['anthropic', 'openai'] },
          tokensBefore: integer,
          tokensAfter: integer,
          callsAfter: integer,
        }),
      },
      contextShrinks: { type: 'array', items: ref('ContextShrinkFigures') },
      handoffs: object(['total', 'byAgent'], {
        total: integer,
        byAgent: { type: 'object', additionalProperties: integer },
      }),
      firstActivityAt: { type: 'string' },
      lastActivityAt: { type: 'string' },
    },
  ),
  AnalyticsPage: object(['groupBy', 'from', 'to', 'groups'], {
    groupBy: { enum: ['day', 'agent', 'model', 'tool'] },
    from: nullable({ type: 'string' }),
    to: nullable({ type: 'string' }),
    groups: {
      type: 'array',
      items: object(
        [
          'key',
          'sessions',
          'messages',
          'turns',
          'modelCalls',
          'tokens',
          'toolCalls',
          'toolErrors',
          'toolOutputChars',
        ],
        {
          key: { type: 'string' },
          sessions: integer,
          messages: integer,
          turns: integer,
          modelCalls: integer,
          tokens: ref('TokenTotals'),
          timed: integer,
          latencyMs: ref('LatencyFigures'),
          priced: integer,
          cost: { type: 'object', additionalProperties: { type: 'number' } },
          toolCalls: integer,
          toolErrors: integer,
          toolOutputChars: ref('SizeFigures'),
        },
      ),
    },
  }),
  ApiKey: object(['keyId', 'tenant', 'scopes', 'name', 'createdAt', 'revokedAt'], {
    keyId: { type: 'string' },
    tenant: { type: 'string' },
    scopes: { type: 'array', items: { enum: ['read', 'write', 'audit', 'admin', 'erase'] } },
    name: nullable({ type: 'string' }),
    createdAt: { type: 'string', format: 'date-time' },
    revokedAt: nullable({ type: 'string', format: 'date-time' }),
  }),
  ApiKeyList: object(['keys'], { keys: { type: 'array', items: ref('ApiKey') } }),
  ApiKeyAnswer: object(['key'], { key: ref('ApiKey') }),
  CreatedApiKey: object(['key', 'secret'], {
    key: ref('ApiKey'),
    secret: { type: 'string', description: 'The key itself: shown in this answer only.' },
  }),
  WhoamiResponse: object(['auth', 'tenant', 'keyId', 'scopes'], {
    auth: { enum: ['open', 'keys'] },
    tenant: { type: 'string' },
    keyId: nullable({ type: 'string' }),
    scopes: { type: 'array', items: { enum: ['read', 'write', 'audit', 'admin', 'erase'] } },
  }),
  HealthResponse: object(['status', 'store', 'storage', 'readModels'], {
    status: { enum: ['ok', 'degraded'] },
    store: object(['kind', 'headPosition'], {
      kind: { type: 'string' },
      headPosition: nullable(integer),
    }),
    storage: object(['status', 'freeBytes'], {
      status: { enum: ['ok', 'degraded'] },
      freeBytes: nullable(integer),
      reason: { type: 'string' },
      readOnly: { type: 'boolean' },
    }),
    readModels: object(['position', 'behind'], {
      position: nullable(integer),
      behind: nullable(integer),
      damage: object(['found', 'repaired', 'unrepaired'], {
        found: integer,
        repaired: integer,
        unrepaired: integer,
      }),
    }),
    retention: object(['schedule'], {
      schedule: { enum: ['off', 'on'] },
      interval: { type: 'string' },
      defaultPolicy: object(['maxIdle', 'action'], {
        maxIdle: { type: 'string' },
        action: { enum: ['erase', 'strip-content'] },
      }),
      tenantPolicies: { type: 'object' },
      lastRunAt: { type: 'string', format: 'date-time' },
      lastError: { type: 'string' },
    }),
  }),
  BlobRef: object(['sha256', 'size', 'mediaType', 'preview'], {
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    size: integer,
    mediaType: { type: 'string' },
    preview: { type: 'string' },
  }),
  LiveResponse: object(['status'], { status: { enum: ['live'] } }),
  ReadyResponse: object(['status', 'writable', 'store', 'readModels'], {
    status: { enum: ['ready'] },
    writable: { type: 'boolean' },
    store: object(['kind', 'headPosition'], {
      kind: { type: 'string' },
      headPosition: nullable(integer),
    }),
    readModels: object(['position', 'behind', 'maxLag'], {
      position: nullable(integer),
      behind: integer,
      maxLag: integer,
    }),
  }),
};

/** The schema of a component, as a `$ref` for decorators. */
export function schemaRef(name: string): { $ref: string } {
  return ref(name);
}
