import type { LedgerClient, TranscriptPage } from '@agent-ledger/client';

/** The first page is small so the transcript paints at once; the rest follows in large pages. */
export const FIRST_PAGE = 100;

let early:
  { apiKey: string | undefined; sessionId: string; page: Promise<TranscriptPage> } | undefined;

/**
 * Asks for a session's first transcript page while the app is still learning who the key is
 * (`/v1/whoami`), so opening a session costs one round trip, not two. A refused request (no key,
 * a wrong one) is simply not used: the sign-in follows from whoami.
 */
export function requestFirstPageEarly(
  client: LedgerClient,
  apiKey: string | undefined,
  sessionId: string,
): void {
  const page = client.transcriptPage(sessionId, { limit: FIRST_PAGE });
  page.catch(() => undefined);
  early = { apiKey, sessionId, page };
}

/** The first page: the early request when it was for this session and key, else a new one. */
export function firstPage(
  client: LedgerClient,
  apiKey: string | undefined,
  sessionId: string,
): Promise<TranscriptPage> {
  const request = early;
  early = undefined;
  if (request !== undefined && request.sessionId === sessionId && request.apiKey === apiKey)
    return request.page;
  return client.transcriptPage(sessionId, { limit: FIRST_PAGE });
}
