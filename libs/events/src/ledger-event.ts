/**
 * The ledger's own audit events: not session events, kept in the audit stream
 * `ERASURE_STREAM`. An erasure is journaled first (`ErasureRequested`, naming every session that
 * goes) and closed by its receipt (`ErasureCompleted`). Neither holds content: ids, counts, types,
 * times and digests only.
 */

/** The audit stream of erasures, one for every tenant (each event names its tenant). */
export const ERASURE_STREAM = 'ledger-erasures';

/** One session an erasure removes, described by its structure only. */
export interface ErasedSessionFacts {
  /** The public session id (within `tenant`). */
  sessionId: string;
  streamName: string;
  /** Events the stream held. */
  events: number;
  lastRevision?: number;
  /** Events per type. */
  eventsByType: Record<string, number>;
  /** `sha256:<hex>` of the stream's event ids in revision order, one per line. */
  eventIdsDigest: string;
  firstRecordedAt?: string;
  lastRecordedAt?: string;
}

/** What an erasure does to its sessions: `erase` (gone from every view) or `strip-content` (listed, no content). */
export type ErasureAction = 'erase' | 'strip-content';

/** The erasure's journal entry: from the moment it is durable, its sessions are erased. */
export interface ErasureRequestedEvent {
  type: 'ErasureRequested';
  data: {
    erasureId: string;
    tenant: string;
    subjectId?: string;
    action: ErasureAction;
    reason: 'request' | 'retention';
    /** Retention: the idle time the sessions were past. */
    maxIdle?: string;
    requestedBy: { via: 'http' | 'cli' | 'retention'; keyId?: string };
    requestedAt: string;
    sessions: ErasedSessionFacts[];
  };
}

/** The erasure's receipt: keys destroyed, streams erased, read models and caches purged. */
export interface ErasureCompletedEvent {
  type: 'ErasureCompleted';
  data: {
    erasureId: string;
    completedAt: string;
    erasedEvents: number;
    contentKeysDestroyed: number;
    /** Blobs deleted because no session left refers to them (absent on earlier receipts). */
    blobsDeleted?: number;
    physical: boolean;
  };
}

/** An event of the ledger's audit stream. */
export type LedgerEvent = ErasureRequestedEvent | ErasureCompletedEvent;

/** The audit event types. */
export const LEDGER_EVENT_TYPES = ['ErasureRequested', 'ErasureCompleted'] as const;

/** Whether `type` is one of the ledger's audit event types. */
export function isLedgerEventType(type: string): type is LedgerEvent['type'] {
  return (LEDGER_EVENT_TYPES as readonly string[]).includes(type);
}
