import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  ProjectionRunner,
  SessionViewsReader,
  type TranscriptEntry,
} from '@agent-ledger/read-models';

/** A live feed of one session's transcript entries. */
export interface TranscriptSubscription {
  close(): void;
}

/**
 * Follows one session's transcript read model: after every batch the runner commits, sends the
 * entries added or changed (a pruning flags an earlier entry) since the last revision sent, in
 * transcript order. Entries carry the revision that last wrote them, so a client can resume.
 */
@Injectable()
export class TranscriptFeed implements BeforeApplicationShutdown {
  /** How to end each live stream, for the shutdown: an open SSE response would hold it forever. */
  private readonly openStreams = new Set<() => void>();

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly views: SessionViewsReader,
  ) {}

  subscribe(
    sessionId: string,
    afterRevision: number,
    send: (entries: TranscriptEntry[]) => void,
  ): TranscriptSubscription {
    let cursor = this.views.transcriptCursorAt(sessionId, afterRevision);
    const flush = (): void => {
      const changes = this.views.transcriptChanges(sessionId, cursor);
      cursor = changes.cursor;
      if (changes.entries.length > 0) send(changes.entries);
    };
    const unsubscribe = this.runner.onBatchCommitted(flush);
    flush();
    return { close: unsubscribe };
  }

  /**
   * Registers how to end one live stream when the server shuts down (the client reconnects to
   * another server and resumes from its last revision); returns the un-registration, for a stream
   * the client closed first.
   */
  holdOpen(end: () => void): () => void {
    this.openStreams.add(end);
    return () => this.openStreams.delete(end);
  }

  /** Ends every live stream, so that closing the HTTP server does not wait for their clients. */
  beforeApplicationShutdown(): void {
    const streams = [...this.openStreams];
    this.openStreams.clear();
    for (const end of streams) end();
  }
}
