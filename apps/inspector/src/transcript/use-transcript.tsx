import type { LedgerClient, TranscriptEntry } from '@agent-ledger/client';
import { useEffect, useRef, useState } from 'preact/hooks';
import { addEntry, type ToolPairs } from '../model/pair-tool-calls';
import { firstPage } from './first-page';

/** The transcript as the page holds it: entries in order, looked up by id, paired, live. */
export interface TranscriptState {
  entries: TranscriptEntry[];
  indexOf: Map<string, number>;
  pairs: ToolPairs;
  /** Bumped on every change (the list re-renders, keeping measured heights). */
  version: number;
  /** Latest revision seen (first page, then the live stream). */
  revision: number;
  complete: boolean;
  live: boolean;
  error?: string;
}

/** Pages after the first (`FIRST_PAGE`, small so the transcript paints at once). */
const NEXT_PAGES = 1000;

/**
 * Loads a session's transcript page by page and keeps it live with the SSE stream, which starts
 * after the first page's revision (entries the later pages also bring are upserted by id, as are
 * entries a pruning sends again).
 */
export function useTranscript(
  client: LedgerClient,
  apiKey: string | undefined,
  sessionId: string,
  onError: (error: unknown) => string,
  /** Bumped to load the transcript again from its start (after a rewind marks entries). */
  generation = 0,
): TranscriptState {
  const store = useRef<TranscriptState>({
    entries: [],
    indexOf: new Map(),
    pairs: { resultOf: new Map(), callOf: new Map() },
    version: 0,
    revision: -1,
    complete: false,
    live: false,
  });
  const [, setVersion] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    const state = store.current;
    if (state.version > 0) {
      state.entries = [];
      state.indexOf = new Map();
      state.pairs = { resultOf: new Map(), callOf: new Map() };
      state.revision = -1;
      state.complete = false;
      delete state.error;
    }
    const publish = (): void => {
      state.version += 1;
      setVersion(state.version);
    };
    const upsert = (entry: TranscriptEntry): void => {
      const index = state.indexOf.get(entry.id);
      if (index === undefined) {
        state.indexOf.set(entry.id, state.entries.length);
        state.entries.push(entry);
      } else {
        state.entries[index] = entry;
      }
      addEntry(state.pairs, entry);
    };
    const fail = (error: unknown): void => {
      if (abort.signal.aborted) return;
      state.error = onError(error);
      publish();
    };

    // Live entries wait for the pages: appended earlier, they would sit before older entries.
    const buffered: TranscriptEntry[] = [];
    void (async () => {
      const first = await firstPage(client, apiKey, sessionId);
      if (abort.signal.aborted) return;
      first.entries.forEach(upsert);
      state.revision = first.revision;
      publish();
      void follow(first.revision);
      let cursor = first.nextCursor;
      while (cursor !== null && !abort.signal.aborted) {
        const page = await client.transcriptPage(sessionId, { limit: NEXT_PAGES, cursor });
        page.entries.forEach(upsert);
        cursor = page.nextCursor;
        publish();
      }
      state.complete = true;
      // Live entries that came while the pages loaded go after them, in the order they came.
      buffered.splice(0).forEach(upsert);
      publish();
    })().catch(fail);

    async function follow(afterRevision: number): Promise<void> {
      try {
        state.live = true;
        for await (const event of client.transcriptStream(sessionId, {
          afterRevision,
          signal: abort.signal,
        })) {
          if (state.complete) upsert(event.message);
          else buffered.push(event.message);
          state.revision = Math.max(state.revision, event.revision);
          publish();
        }
      } catch (error) {
        fail(error);
      } finally {
        state.live = false;
      }
    }
    return () => abort.abort();
  }, [client, apiKey, sessionId, generation]);

  return store.current;
}
