import type { RuntimeMessageKind, RuntimeMessageRole } from './runtime-message';

/** `GET /v1/search` and `GET /v1/sessions/:sessionId/search` (docs/search.md). */
export interface SearchQuery {
  /** The query: words, "phrases", `kind:`, `role:`, `tool:`, `from:`/`to:` filters. */
  q: string;
  cursor?: string;
  limit?: number;
  from?: string;
  to?: string;
  /** true: snippets of the raw text, secrets not redacted. */
  raw?: boolean;
}

/** One hit: where the message is (to open it, or replay to it), a snippet, its rank. */
export interface SearchResult {
  sessionId: string;
  messageId: string;
  kind: RuntimeMessageKind;
  role: RuntimeMessageRole;
  revision: number;
  position: number;
  createdAt: string;
  /** The match between « and ». */
  snippet: string;
  /** What the model sees of the message now. */
  visibility: 'visible' | 'truncated' | 'behind-boundary' | 'hidden';
  /** BM25, higher is better. */
  score: number;
}

/** A page of hits, best first. */
export interface SearchPage {
  results: SearchResult[];
  nextCursor: string | null;
}
