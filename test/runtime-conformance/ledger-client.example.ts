import type { LanguageModelUsage, ModelMessage } from 'ai';

/** The `provider` query values the ledger serializes for. */
export type LedgerProvider = 'anthropic' | 'openai' | 'openai.chat' | 'google';

/** A runtime message as a runtime sends it (`createdAt` is filled in by the server). */
export interface OutgoingMessage {
  id: string;
  sessionId: string;
  role: 'system' | 'user' | 'assistant' | 'tool';
  kind: string;
  content: unknown;
  metadata?: Record<string, unknown>;
}

/** What every command answers. */
export interface CommandResult {
  sessionId: string;
  revision: number;
  position: number;
}

/** A prompt ready for `generateText`: `format=ai-sdk-prompt` and `format=compact-prompt`. */
export interface LedgerPrompt {
  revision: number;
  system?: string | null;
  messages: ModelMessage[];
}

/** What `POST /ai-sdk-steps` takes: one step of a `generateText` call, as `onStepFinish` gives it. */
export interface RecordedStep {
  messages: ModelMessage[];
  generationId: string;
  agentName: string;
  provider: LedgerProvider;
  modelId: string;
  responseId: string;
  finishReason: string;
  usage: LanguageModelUsage;
  contextRevision: number;
}

/** A transcript entry, as far as a runtime reads it. */
export interface TranscriptEntry {
  id: string;
  kind: string;
  role: string;
  content: unknown;
}

/** Where a prompt is computed: which provider, which agent, and (to audit a past call) when. */
export interface PromptQuery {
  provider: LedgerProvider;
  activeAgentName?: string;
  atRevision?: number;
}

/** A non-2xx answer of the ledger, with its JSON error body. */
export class LedgerHttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body}`);
    this.name = 'LedgerHttpError';
  }
}

// #region client
/** The ledger's HTTP API, as a runtime uses it. */
export function createLedgerClient(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new LedgerHttpError(method, path, response.status, text);
    return JSON.parse(text);
  }
  const session = (sessionId: string) => `/v1/sessions/${encodeURIComponent(sessionId)}`;
  const command = async (path: string, body: unknown) =>
    expectShape(await request('POST', path, body), isCommandResult, path);
  const prompt = async (sessionId: string, format: string, query: PromptQuery) => {
    const search = new URLSearchParams({ format, provider: query.provider });
    if (query.activeAgentName !== undefined) search.set('activeAgentName', query.activeAgentName);
    if (query.atRevision !== undefined) search.set('atRevision', String(query.atRevision));
    const path = `${session(sessionId)}/model-context?${search.toString()}`;
    return expectShape(await request('GET', path), isLedgerPrompt, path);
  };

  return {
    appendMessages: (sessionId: string, messages: OutgoingMessage[]) =>
      command(`${session(sessionId)}/messages`, { messages }),
    modelContext: (sessionId: string, query: PromptQuery) =>
      prompt(sessionId, 'ai-sdk-prompt', query),
    compactPrompt: (sessionId: string, query: PromptQuery) =>
      prompt(sessionId, 'compact-prompt', query),
    recordStep: (sessionId: string, step: RecordedStep) =>
      command(`${session(sessionId)}/ai-sdk-steps`, step),
    compact: (
      sessionId: string,
      compaction: { boundary: OutgoingMessage; summary: OutgoingMessage },
    ) => command(`${session(sessionId)}/compactions`, compaction),
    prune: (
      sessionId: string,
      pruning: { policy: { keepLastUserTurns: number; minChars: number } },
    ) => command(`${session(sessionId)}/prunings`, pruning),
    handoff: (
      sessionId: string,
      handoff: { fromAgent: string; toAgent: string; summary: string; reason: string },
    ) => command(`${session(sessionId)}/handoffs`, handoff),
    /** Every transcript entry, page by page; `minPosition` waits for the read model to catch up. */
    transcript: async (sessionId: string, minPosition: number): Promise<TranscriptEntry[]> => {
      const entries: TranscriptEntry[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ minPosition: String(minPosition), limit: '1000' });
        if (cursor !== null) query.set('cursor', cursor);
        const path = `${session(sessionId)}/transcript?${query.toString()}`;
        const page = expectShape(await request('GET', path), isTranscriptPage, path);
        entries.push(...page.entries);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return entries;
    },
  };
}
// #endregion client

/** The client `createLedgerClient` makes. */
export type LedgerClient = ReturnType<typeof createLedgerClient>;

function expectShape<T>(value: unknown, isShape: (value: unknown) => value is T, path: string): T {
  if (!isShape(value)) {
    throw new Error(`${path} answered an unexpected body: ${JSON.stringify(value).slice(0, 500)}`);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCommandResult(value: unknown): value is CommandResult {
  return (
    isRecord(value) &&
    typeof value['sessionId'] === 'string' &&
    typeof value['revision'] === 'number' &&
    typeof value['position'] === 'number'
  );
}

// The messages are checked by `generateText` itself, against the AI SDK's `modelMessageSchema`.
function isLedgerPrompt(value: unknown): value is LedgerPrompt {
  return (
    isRecord(value) &&
    typeof value['revision'] === 'number' &&
    (value['system'] === undefined ||
      value['system'] === null ||
      typeof value['system'] === 'string') &&
    Array.isArray(value['messages'])
  );
}

function isTranscriptPage(
  value: unknown,
): value is { entries: TranscriptEntry[]; nextCursor: string | null } {
  return (
    isRecord(value) &&
    Array.isArray(value['entries']) &&
    value['entries'].every(
      (entry) =>
        isRecord(entry) && typeof entry['id'] === 'string' && typeof entry['kind'] === 'string',
    ) &&
    (value['nextCursor'] === null || typeof value['nextCursor'] === 'string')
  );
}
