import type { WhoamiResponse } from './contract/access';
import type {
  AppendMessagesRequest,
  CommandResult,
  CompactSessionRequest,
  EndSessionRequest,
  RecordOverflowRecoveryRequest,
  ForkSessionRequest,
  RewindResult,
  RewindSessionRequest,
  HandoffSessionRequest,
  PruneToolResultsRequest,
  RecordAiSdkStepRequest,
} from './contract/commands';
import type {
  DebugEntry,
  DebugPage,
  EventsQuery,
  ExportResponse,
  HealthResponse,
  LiveResponse,
  ReadyResponse,
  ModelContextQuery,
  ModelContextResponse,
  ModelViewOptions,
  PageQuery,
  SessionEventsPage,
  ModelCallEntry,
  ModelCallsPage,
  SessionListPage,
  SessionSummary,
  StoredEvent,
  TranscriptEntry,
  TranscriptPage,
  TranscriptStreamEvent,
} from './contract/queries';
import type { AnalyticsPage, AnalyticsQuery, SessionAnalytics } from './contract/analytics';
import type {
  ClaudeCodeEntries,
  ExportBlobsOption,
  ImportHistoryRequest,
  JsonlExportOptions,
  ImportHistoryResult,
  OtelGenAiExport,
  RecordClaudeCodeEntriesRequest,
  RecordClaudeCodeEntriesResult,
  UiMessagesExport,
} from './contract/interchange';
import type { SearchPage, SearchQuery, SearchResult } from './contract/search';
import type { BlobRange, BlobRef } from './contract/blobs';
import type {
  CreateErasureRequest,
  ErasureReceipt,
  ErasureReceiptPage,
  RetentionRunRequest,
  RetentionRunResult,
} from './contract/erasures';
import { LedgerSession, type LedgerSessionOptions } from './ledger-session';
import { paginate } from './paginate';
import { followTranscript, type TranscriptStreamOptions } from './transcript-stream';
import { createTransport, type LedgerClientOptions, type QueryValues } from './transport';
import { DEFAULT_BLOB_THRESHOLD_BYTES, uploadLargeOutputs } from './upload-large-outputs';

/** `recordAiSdkStep`'s options. */
export interface RecordAiSdkStepOptions {
  /**
   * Outputs uploaded before, by text (`LargeOutputUploads.uploaded`): a session handle keeps one
   * per generation, so an output the AI SDK sends again with every later step is uploaded once.
   */
  uploaded?: Map<string, Promise<BlobRef>>;
}

/** Every route of the ledger's HTTP API, typed by the shared contract. */
export interface LedgerClient {
  health(): Promise<HealthResponse>;
  /** `GET /health/live`: the process answers. */
  live(): Promise<LiveResponse>;
  /** `GET /health/ready`: a `LedgerError` (503, after the client's retries) when the store does not answer or the read models lag. */
  ready(): Promise<ReadyResponse>;
  /** Who the client's key is: its tenant and scopes (`auth: "open"` without keys). */
  whoami(): Promise<WhoamiResponse>;
  /** One page of the session list; `sessions()` iterates them all. */
  listSessions(query?: PageQuery): Promise<SessionListPage>;
  sessions(query?: Omit<PageQuery, 'cursor'>): AsyncGenerator<SessionSummary>;

  /**
   * Appends one turn; its text and JSON tool outputs above `blobThresholdBytes` are uploaded
   * first (`uploadBlob`) and the messages refer to them.
   */
  appendMessages(sessionId: string, body: AppendMessagesRequest): Promise<CommandResult>;
  compact(sessionId: string, body: CompactSessionRequest): Promise<CommandResult>;
  prune(sessionId: string, body: PruneToolResultsRequest): Promise<CommandResult>;
  handoff(sessionId: string, body: HandoffSessionRequest): Promise<CommandResult>;
  /** Records an AI SDK step; its large tool outputs are uploaded first, as `appendMessages`'. */
  recordAiSdkStep(
    sessionId: string,
    body: RecordAiSdkStepRequest,
    options?: RecordAiSdkStepOptions,
  ): Promise<CommandResult>;
  /**
   * `PUT /v1/sessions/:sessionId/blobs`: uploads content (a `string` as its UTF-8), stored once
   * per tenant by its SHA-256, and answers its reference. The session refers to it from then on.
   */
  uploadBlob(sessionId: string, content: Blob | string, mediaType?: string): Promise<BlobRef>;
  /** `GET /v1/sessions/:sessionId/blobs/:sha256`: a blob's bytes, or those of `range`. */
  readBlob(sessionId: string, sha256: string, range?: BlobRange): Promise<Uint8Array>;
  end(sessionId: string, body?: EndSessionRequest): Promise<CommandResult>;
  /** Records a recovered context overflow (`ContextOverflowRecovered`): provider, errors, budgets. */
  recordOverflowRecovery(
    sessionId: string,
    body: RecordOverflowRecoveryRequest,
  ): Promise<CommandResult>;
  /** A session's summary (as in the list), with `forkedFrom` for a fork. */
  getSession(sessionId: string): Promise<SessionSummary>;
  /** Forks the session into a new one whose model context starts as the source's at the revision. */
  fork(sessionId: string, body: ForkSessionRequest): Promise<SessionSummary>;
  /** Rewinds the session: an event; the model context is again what it was at the target. */
  rewind(sessionId: string, body: RewindSessionRequest): Promise<RewindResult>;
  /** Import a history (Claude Code, opencode, AI SDK UI or model messages, OpenAI items); idempotent. */
  importHistory(sessionId: string, body: ImportHistoryRequest): Promise<ImportHistoryResult>;
  /** Keep Claude Agent SDK transcript entries (retries by `uuid` left out) and map them to messages. */
  recordClaudeCodeEntries(
    sessionId: string,
    body: RecordClaudeCodeEntriesRequest,
  ): Promise<RecordClaudeCodeEntriesResult>;
  /** The kept Claude Agent SDK entries of a session, or of one subpath; 404 `SessionNotFound` when none. */
  claudeCodeEntries(sessionId: string, subpath?: string): Promise<ClaudeCodeEntries>;

  transcriptPage(sessionId: string, query?: PageQuery): Promise<TranscriptPage>;
  /** Every transcript entry, page by page (`minPosition` waits for your last write). */
  transcript(sessionId: string, query?: Omit<PageQuery, 'cursor'>): AsyncGenerator<TranscriptEntry>;
  transcriptEntry(
    sessionId: string,
    messageId: string,
    minPosition?: number,
  ): Promise<TranscriptEntry>;
  /** The live transcript (SSE), resuming after a dropped connection. */
  transcriptStream(
    sessionId: string,
    options?: TranscriptStreamOptions,
  ): AsyncGenerator<TranscriptStreamEvent>;
  debugPage(sessionId: string, query?: PageQuery & ModelViewOptions): Promise<DebugPage>;
  debug(
    sessionId: string,
    query?: Omit<PageQuery, 'cursor'> & ModelViewOptions,
  ): AsyncGenerator<DebugEntry>;
  export(sessionId: string, minPosition?: number): Promise<ExportResponse>;
  exportMarkdown(sessionId: string, minPosition?: number): Promise<string>;
  /** Per recorded model call, its OpenTelemetry GenAI attributes. */
  exportOtelGenAi(sessionId: string, minPosition?: number): Promise<OtelGenAiExport>;
  /** The session as the AI SDK's `UIMessage[]`. */
  exportUiMessages(sessionId: string, minPosition?: number): Promise<UiMessagesExport>;
  /**
   * The runtime messages as JSONL text, one a line. `options` is `minPosition` alone or
   * `{ minPosition?, blobs? }`: `blobs: 'include'` writes the blobs' bytes into the export, so
   * that `importHistory(id, { format: 'jsonl', content })` restores them in another ledger.
   */
  exportJsonl(sessionId: string, options?: number | JsonlExportOptions): Promise<string>;
  /** The model view at replay; `TMessage` is what `format` gives (`ModelMessage` for the ai-sdk formats). */
  modelContext<TMessage = unknown>(
    sessionId: string,
    query?: ModelContextQuery,
  ): Promise<ModelContextResponse<TMessage>>;
  /** One page of the session's recorded model calls (scope `read`); `modelCalls` iterates them all. */
  modelCallsPage(sessionId: string, query?: PageQuery): Promise<ModelCallsPage>;
  /** Every recorded model call of the session, in log order (`minPosition` waits for your last write). */
  modelCalls(sessionId: string, query?: Omit<PageQuery, 'cursor'>): AsyncGenerator<ModelCallEntry>;
  eventsPage(sessionId: string, query?: EventsQuery): Promise<SessionEventsPage>;
  /** Every event of the stream, from `fromRevision` on, in `direction`. */
  events(
    sessionId: string,
    query?: Omit<EventsQuery, 'fromRevision'> & { fromRevision?: number },
  ): AsyncGenerator<StoredEvent>;

  /** One page of hits across sessions (`sessionId` absent) or in one session; `search` iterates them all. */
  searchPage(query: SearchQuery, sessionId?: string): Promise<SearchPage>;
  search(query: Omit<SearchQuery, 'cursor'>, sessionId?: string): AsyncGenerator<SearchResult>;
  sessionAnalytics(sessionId: string, minPosition?: number): Promise<SessionAnalytics>;
  analytics(query?: AnalyticsQuery): Promise<AnalyticsPage>;

  /**
   * `DELETE /v1/sessions/:sessionId` (scope `erase`): erases the session (its events, read
   * models, search and analytics rows, snapshots, caches) and answers the receipt; again, the
   * same receipt.
   */
  eraseSession(sessionId: string): Promise<ErasureReceipt>;
  /** Erasures (scope `erase`): by data subject, and the receipts. */
  erasures: {
    /** `POST /v1/erasures`: every session of the subject, forks included. */
    create(body: CreateErasureRequest): Promise<ErasureReceipt>;
    /** One page of receipts, newest first. */
    page(query?: { cursor?: string; limit?: number }): Promise<ErasureReceiptPage>;
    /** Every receipt, newest first. */
    list(query?: { limit?: number }): AsyncGenerator<ErasureReceipt>;
  };
  /** `POST /v1/retention-runs` (scope `erase`): erase (or, dry, name) the sessions idle over `maxIdle`. */
  runRetention(body: RetentionRunRequest): Promise<RetentionRunResult>;

  /** A handle on one session that tracks its latest revision, with the AI SDK helpers. */
  session(sessionId: string, options?: LedgerSessionOptions): LedgerSession;
}

/**
 * The client of the ledger's HTTP API. Retries 503, 429 and connection errors (see
 * `createTransport`); non-2xx answers become `LedgerError`s with the server's `code`.
 */
export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const transport = createTransport(options);
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const sessionPath = (sessionId: string) => `/v1/sessions/${encodeURIComponent(sessionId)}`;
  // The responses are the contract's types: the server's routes are typed by the same contract,
  // and the OpenAPI test validates real responses against the published schemas.
  const get = async <T>(path: string, query?: object): Promise<T> =>
    (await transport.json({ method: 'GET', path, query: query as QueryValues })) as T;
  const post = async <T = CommandResult>(path: string, body: unknown): Promise<T> =>
    (await transport.json({ method: 'POST', path, body })) as T;
  const blobThresholdBytes = options.blobThresholdBytes ?? DEFAULT_BLOB_THRESHOLD_BYTES;
  const uploads = (sessionId: string, uploaded?: Map<string, Promise<BlobRef>>) => ({
    thresholdBytes: blobThresholdBytes,
    upload: (bytes: Blob, mediaType: string) => client.uploadBlob(sessionId, bytes, mediaType),
    ...(uploaded === undefined ? {} : { uploaded }),
  });
  const text = async (
    sessionId: string,
    format: string,
    accept: string,
    minPosition?: number,
    blobs?: ExportBlobsOption,
  ) => {
    const response = await transport.send({
      method: 'GET',
      path: `${sessionPath(sessionId)}/export`,
      query: { format, minPosition, blobs },
      headers: { accept },
    });
    return response.text();
  };

  const erasures: LedgerClient['erasures'] = {
    create: (body) => post('/v1/erasures', body),
    page: (query) => get('/v1/erasures', query),
    list: (query) =>
      paginate(async (cursor: string | undefined) => {
        const page = await erasures.page({ ...query, ...(cursor === undefined ? {} : { cursor }) });
        return { items: page.erasures, next: page.nextCursor };
      }),
  };

  const client: LedgerClient = {
    eraseSession: async (sessionId) =>
      (await transport.json({ method: 'DELETE', path: sessionPath(sessionId) })) as ErasureReceipt,
    erasures,
    runRetention: (body) => post('/v1/retention-runs', body),
    health: () => get('/health'),
    live: () => get('/health/live'),
    ready: () => get('/health/ready'),
    whoami: () => get('/v1/whoami'),
    listSessions: (query) => get('/v1/sessions', query),
    sessions: (query) =>
      paginate(async (cursor: string | undefined) => {
        const page = await client.listSessions({
          ...query,
          ...(cursor === undefined ? {} : { cursor }),
        });
        return { items: page.sessions, next: page.nextCursor };
      }),

    appendMessages: async (sessionId, body) =>
      post(`${sessionPath(sessionId)}/messages`, {
        ...body,
        messages: await uploadLargeOutputs(body.messages, uploads(sessionId)),
      }),
    compact: (sessionId, body) => post(`${sessionPath(sessionId)}/compactions`, body),
    prune: (sessionId, body) => post(`${sessionPath(sessionId)}/prunings`, body),
    handoff: (sessionId, body) => post(`${sessionPath(sessionId)}/handoffs`, body),
    recordAiSdkStep: async (sessionId, body, stepOptions = {}) =>
      post(
        `${sessionPath(sessionId)}/ai-sdk-steps`,
        body.messages === undefined
          ? body
          : {
              ...body,
              messages: await uploadLargeOutputs(
                body.messages,
                uploads(sessionId, stepOptions.uploaded),
              ),
            },
      ),
    uploadBlob: async (sessionId, content, mediaType) => {
      const bytes = typeof content === 'string' ? new Blob([content]) : content;
      const type =
        mediaType ??
        (typeof content === 'string'
          ? 'text/plain; charset=utf-8'
          : content.type || 'application/octet-stream');
      return (await transport.json({
        method: 'PUT',
        path: `${sessionPath(sessionId)}/blobs`,
        rawBody: bytes,
        headers: { 'content-type': type },
      })) as BlobRef;
    },
    readBlob: async (sessionId, sha256, range) => {
      const response = await transport.send({
        method: 'GET',
        path: `${sessionPath(sessionId)}/blobs/${encodeURIComponent(sha256)}`,
        headers: {
          accept: '*/*',
          ...(range === undefined ? {} : { range: `bytes=${range.start}-${range.end ?? ''}` }),
        },
      });
      return new Uint8Array(await response.arrayBuffer());
    },
    end: (sessionId, body = {}) => post(`${sessionPath(sessionId)}/end`, body),
    recordOverflowRecovery: (sessionId, body) =>
      post(`${sessionPath(sessionId)}/overflow-recoveries`, body),
    getSession: (sessionId) => get(sessionPath(sessionId)),
    fork: (sessionId, body) => post(`${sessionPath(sessionId)}/forks`, body),
    rewind: (sessionId, body) => post(`${sessionPath(sessionId)}/rewinds`, body),
    importHistory: (sessionId, body) => post(`${sessionPath(sessionId)}/imports`, body),
    recordClaudeCodeEntries: (sessionId, body) =>
      post(`${sessionPath(sessionId)}/claude-code-entries`, body),
    claudeCodeEntries: (sessionId, subpath) =>
      get(`${sessionPath(sessionId)}/claude-code-entries`, { subpath }),

    transcriptPage: (sessionId, query) => get(`${sessionPath(sessionId)}/transcript`, query),
    transcript: (sessionId, query) =>
      paginate(async (cursor: string | undefined) => {
        const page = await client.transcriptPage(sessionId, {
          limit: 1000,
          ...query,
          ...(cursor === undefined ? {} : { cursor }),
        });
        return { items: page.entries, next: page.nextCursor };
      }),
    transcriptEntry: (sessionId, messageId, minPosition) =>
      get(`${sessionPath(sessionId)}/transcript/${encodeURIComponent(messageId)}`, { minPosition }),
    transcriptStream: (sessionId, streamOptions = {}) =>
      followTranscript(
        transport,
        `${sessionPath(sessionId)}/transcript/stream`,
        streamOptions,
        async () => (await client.transcriptPage(sessionId, { limit: 1 })).revision,
        sleep,
      ),
    debugPage: (sessionId, query) => get(`${sessionPath(sessionId)}/debug`, query),
    debug: (sessionId, query) =>
      paginate(async (cursor: string | undefined) => {
        const page = await client.debugPage(sessionId, {
          limit: 1000,
          ...query,
          ...(cursor === undefined ? {} : { cursor }),
        });
        return { items: page.messages, next: page.nextCursor };
      }),
    export: (sessionId, minPosition) =>
      get(`${sessionPath(sessionId)}/export`, { format: 'json', minPosition }),
    exportMarkdown: (sessionId, minPosition) =>
      text(sessionId, 'markdown', 'text/markdown', minPosition),
    exportOtelGenAi: (sessionId, minPosition) =>
      get(`${sessionPath(sessionId)}/export`, { format: 'otel-genai', minPosition }),
    exportUiMessages: (sessionId, minPosition) =>
      get(`${sessionPath(sessionId)}/export`, { format: 'ui-messages', minPosition }),
    exportJsonl: (sessionId, options) => {
      const { minPosition, blobs } =
        typeof options === 'object' ? options : { minPosition: options, blobs: undefined };
      return text(sessionId, 'jsonl', 'application/x-ndjson', minPosition, blobs);
    },
    modelContext: (sessionId, query) => get(`${sessionPath(sessionId)}/model-context`, query),
    modelCallsPage: (sessionId, query) => get(`${sessionPath(sessionId)}/model-calls`, query),
    modelCalls: (sessionId, query) =>
      paginate(async (cursor: string | undefined) => {
        const page = await client.modelCallsPage(sessionId, {
          limit: 1000,
          ...query,
          ...(cursor === undefined ? {} : { cursor }),
        });
        return { items: page.calls, next: page.nextCursor };
      }),
    eventsPage: (sessionId, query) => get(`${sessionPath(sessionId)}/events`, query),
    events: (sessionId, query) =>
      paginate(async (fromRevision: number | undefined) => {
        const page = await client.eventsPage(sessionId, {
          limit: 1000,
          ...query,
          ...(fromRevision === undefined ? {} : { fromRevision }),
        });
        return { items: page.events, next: page.nextRevision };
      }),

    searchPage: (query, sessionId) =>
      get(sessionId === undefined ? '/v1/search' : `${sessionPath(sessionId)}/search`, query),
    search: (query, sessionId) =>
      paginate(async (cursor: string | undefined) => {
        const page = await client.searchPage(
          { ...query, ...(cursor === undefined ? {} : { cursor }) },
          sessionId,
        );
        return { items: page.results, next: page.nextCursor };
      }),
    sessionAnalytics: (sessionId, minPosition) =>
      get(`${sessionPath(sessionId)}/analytics`, { minPosition }),
    analytics: (query) => get('/v1/analytics', query),

    session: (sessionId, sessionOptions) => new LedgerSession(client, sessionId, sessionOptions),
  };
  return client;
}
