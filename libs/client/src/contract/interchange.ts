import type { JsonValue } from './json-value';

/** The formats `POST /v1/sessions/:sessionId/imports` reads. */
export type ImportFormat =
  'claude-code' | 'opencode' | 'ui-messages' | 'model-messages' | 'openai-items' | 'jsonl';

/**
 * `POST /v1/sessions/:sessionId/imports`: `claude-code` takes the session's JSONL text
 * (`content`, with its sub-agent files), `jsonl` the text of the ledger's own JSONL export (its
 * blobs referenced or included), the other formats the parsed JSON (`data`). Importing the
 * same source again appends nothing (its event ids are derived from it).
 */
export type ImportHistoryRequest =
  | {
      format: 'claude-code';
      content: string;
      subagents?: Array<{ name: string; content: string }>;
      createdAt?: string;
      /** The data subject of the imported sessions (their sub-agents too). */
      subjectId?: string;
    }
  | {
      format: 'jsonl';
      content: string;
      subjectId?: string;
    }
  | {
      format: Exclude<ImportFormat, 'claude-code' | 'jsonl'>;
      data: JsonValue;
      /** `createdAt` of every message, for formats without times (default 1970-01-01). */
      createdAt?: string;
      /** The data subject of the imported sessions. */
      subjectId?: string;
    };

/** The answer of an import: each session it wrote to (a sub-agent is a session of its own). */
export interface ImportHistoryResult {
  sessions: Array<{
    sessionId: string;
    parent?: { sessionId: string; toolCallId?: string };
    /** Events this import appended (0 when the same source was imported before). */
    appended: number;
    revision: number;
    position: number;
  }>;
  /** What the importer read, skipped and joined. */
  report: object;
}

/**
 * What a `jsonl` export does with the blobs its messages refer to: `reference` (the default) keeps
 * each blob part's `{ sha256, size, mediaType, preview }`; `include` writes each blob's bytes
 * (base64 chunk lines) before the first message that refers to it, so that the export imports
 * into another ledger (or tenant) on its own. The bytes of an included blob are not redacted.
 */
export type ExportBlobsOption = 'reference' | 'include';

/** Options of `exportJsonl`: `GET /v1/sessions/:sessionId/export?format=jsonl&blobs=…`. */
export interface JsonlExportOptions {
  /** Wait until the read side has reached this position (your last write's `position`). */
  minPosition?: number;
  /** Reference the blobs (default) or include their bytes. */
  blobs?: ExportBlobsOption;
}

/** `GET /v1/sessions/:sessionId/export?format=otel-genai`: per model call, its GenAI attributes. */
export interface OtelGenAiExport {
  sessionId: string;
  revision: number;
  calls: Array<Record<string, unknown>>;
}

/** `GET /v1/sessions/:sessionId/export?format=ui-messages`: the AI SDK's `UIMessage[]`. */
export interface UiMessagesExport {
  sessionId: string;
  revision: number;
  messages: Array<{
    id: string;
    role: 'system' | 'user' | 'assistant';
    parts: Array<{ type: string }>;
  }>;
}

/** Body of `POST /v1/sessions/:sessionId/claude-code-entries`. */
export interface RecordClaudeCodeEntriesRequest {
  /** The Claude Agent SDK's `SessionKey.projectKey`. */
  projectKey: string;
  /** A sub-agent's transcript (`subagents/agent-<id>`); absent for the main one. */
  subpath?: string;
  /** Transcript entries, each a JSON object with a string `type`, kept verbatim in order. */
  entries: Array<{ type: string; [key: string]: unknown }>;
  subjectId?: string;
}

/** What keeping a batch of Claude Code entries did. */
export interface RecordClaudeCodeEntriesResult {
  /** Entries kept (those whose `uuid` was already kept are left out). */
  kept: number;
  /** What mapping every kept entry to runtime messages appended, per session. */
  mapping: ImportHistoryResult;
}

/** `GET /v1/sessions/:sessionId/claude-code-entries`: the kept entries of one transcript. */
export interface ClaudeCodeEntries {
  sessionId: string;
  projectKey: string;
  subpath?: string;
  entries: Array<{ type: string; [key: string]: unknown }>;
  /** The subpaths (sub-agents' transcripts) that kept entries in this session. */
  subpaths: string[];
}
