import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  SessionViewsReader,
  type LiveProjections,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
import { LIVE_PROJECTIONS, READ_MODEL_DB } from './read-models/read-model.tokens';
import {
  TranscriptFanOut,
  type TranscriptFrameSink,
  type TranscriptSubscription,
  type TranscriptView,
} from './transcript-fan-out';

export {
  STORED_TRANSCRIPT_VIEW,
  type TranscriptFrameSink,
  type TranscriptSubscription,
  type TranscriptView,
} from './transcript-fan-out';

/** How often live streams look for batches another server committed to the same read models. */
const OTHER_WRITERS_POLL_MS = 250;

/**
 * The server's live transcript feeds (`TranscriptFanOut` over the projection runner and the
 * transcript read model), and the open streams to end at shutdown.
 */
@Injectable()
export class TranscriptFeed implements BeforeApplicationShutdown {
  /** How to end each live stream, for the shutdown: an open SSE response would hold it forever. */
  private readonly openStreams = new Set<() => void>();
  /** The same, by session key: an erased session's streams end at once. */
  private readonly streamsOfSession = new Map<string, Set<() => void>>();
  private readonly fanOut: TranscriptFanOut;

  constructor(
    @Inject(LIVE_PROJECTIONS) runner: LiveProjections,
    views: SessionViewsReader,
    @Inject(READ_MODEL_DB) db: ReadModelDatabase,
  ) {
    // SQLite's data_version moves when another connection (another server on this DATA_DIR)
    // commits to the read models: their batches reach this server's subscribers too. It moves
    // for this server's own runner thread's commits as well; those were flushed when the thread
    // said so, and the poll's flush then finds nothing new (one indexed read per group).
    let version = db.pragma('data_version', { simple: true });
    this.fanOut = new TranscriptFanOut(runner, views, {
      onDamagedRows: (sessionId) => void runner.repairSession(sessionId, 'read'),
      otherWriters: {
        intervalMs: OTHER_WRITERS_POLL_MS,
        changed: () => {
          const now = db.pragma('data_version', { simple: true });
          if (now === version) return false;
          version = now;
          return true;
        },
      },
    });
  }

  /** Live transcript subscribers connected now (`agent_ledger_sse_subscribers`). */
  get subscribers(): number {
    return this.fanOut.fanOut.subscribers;
  }

  /** `TranscriptFanOut.subscribe`: the session's entries after `afterRevision`, then live. */
  subscribe(
    sessionId: string,
    afterRevision: number,
    send: TranscriptFrameSink,
    view?: TranscriptView,
  ): TranscriptSubscription {
    return this.fanOut.subscribe(sessionId, afterRevision, send, view);
  }

  /**
   * Registers how to end one live stream when the server shuts down (the client reconnects to
   * another server and resumes from its last revision); returns the un-registration, for a stream
   * the client closed first.
   */
  holdOpen(end: () => void, sessionKey?: string): () => void {
    this.openStreams.add(end);
    const ofSession =
      sessionKey === undefined
        ? undefined
        : (this.streamsOfSession.get(sessionKey) ?? new Set<() => void>());
    if (sessionKey !== undefined && ofSession !== undefined) {
      ofSession.add(end);
      this.streamsOfSession.set(sessionKey, ofSession);
    }
    return () => {
      this.openStreams.delete(end);
      ofSession?.delete(end);
      if (sessionKey !== undefined && ofSession?.size === 0)
        this.streamsOfSession.delete(sessionKey);
    };
  }

  /**
   * Ends the live streams of a session (an erasure): its entries must not go on reaching anyone.
   * A client that reconnects is answered 404.
   */
  endSession(sessionKey: string): void {
    const streams = [...(this.streamsOfSession.get(sessionKey) ?? [])];
    this.streamsOfSession.delete(sessionKey);
    for (const end of streams) {
      this.openStreams.delete(end);
      end();
    }
  }

  /** Ends every live stream, so that closing the HTTP server does not wait for their clients. */
  beforeApplicationShutdown(): void {
    const streams = [...this.openStreams];
    this.openStreams.clear();
    for (const end of streams) end();
    this.fanOut.stop();
  }
}
