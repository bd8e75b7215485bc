/** What an erasure did to one session: its structure, never its content. */
export interface ErasedSession {
  sessionId: string;
  streamName: string;
  /** Events the stream held. */
  events: number;
  lastRevision?: number;
  /** Events per type (`UserInputRecorded: 12`, …). */
  eventsByType: Record<string, number>;
  /** `sha256:<hex>` of the stream's event ids in revision order, one per line. */
  eventIdsDigest: string;
  firstRecordedAt?: string;
  lastRecordedAt?: string;
}

/** An erasure's receipt (`DELETE /v1/sessions/:id`, `POST /v1/erasures`, `GET /v1/erasures`). */
export interface ErasureReceipt {
  erasureId: string;
  status: 'in-progress' | 'completed';
  subjectId?: string;
  /** `erase`: the sessions went from every view; `strip-content` (retention): listed, no content. */
  action: 'erase' | 'strip-content';
  reason: 'request' | 'retention';
  maxIdle?: string;
  requestedBy: { via: 'http' | 'cli' | 'retention'; keyId?: string };
  requestedAt: string;
  completedAt?: string;
  sessionIds: string[];
  sessions: ErasedSession[];
  erasedEvents?: number;
  contentKeysDestroyed?: number;
  /** `true`: no file of the store holds the bytes; `false`: the store keeps them until it reclaims them. */
  physical?: boolean;
  /** Position of the erasure's journal entry in `$all`. */
  requestedPosition: number;
}

/** `POST /v1/erasures`. */
export interface CreateErasureRequest {
  subjectId: string;
}

/** `GET /v1/erasures`: receipts newest first. */
export interface ErasureReceiptPage {
  erasures: ErasureReceipt[];
  nextCursor: string | null;
}

/** `POST /v1/retention-runs`. */
export interface RetentionRunRequest {
  /** A duration: `30d`, `12h`, `2s`. */
  maxIdle: string;
  action?: 'erase' | 'strip-content';
  dryRun?: boolean;
}

/** What a retention run answers. */
export interface RetentionRunResult {
  maxIdle: string;
  action: 'erase' | 'strip-content';
  dryRun: boolean;
  idleBefore: string;
  /** Erased (dry: would be). */
  sessionIds: string[];
  erasures: ErasureReceipt[];
}
