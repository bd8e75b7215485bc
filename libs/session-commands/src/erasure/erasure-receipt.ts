import type {
  ErasedSessionFacts,
  ErasureAction,
  ErasureRequestedEvent,
  LedgerEvent,
} from '@agent-ledger/events';

/**
 * What `GET /v1/erasures` lists: an erasure as its audit events tell it. Structure only (ids,
 * counts per event type, digests, times, who asked); never content.
 */
export interface ErasureReceipt {
  erasureId: string;
  /** `completed` once its `ErasureCompleted` is written; `in-progress` until then. */
  status: 'in-progress' | 'completed';
  tenant: string;
  subjectId?: string;
  action: ErasureAction;
  reason: 'request' | 'retention';
  maxIdle?: string;
  requestedBy: ErasureRequestedEvent['data']['requestedBy'];
  requestedAt: string;
  completedAt?: string;
  /** The public ids of the sessions erased, in the order of `sessions`. */
  sessionIds: string[];
  sessions: ErasedSessionFacts[];
  /** Once completed: records the store erased, content keys destroyed, whether the bytes are gone. */
  erasedEvents?: number;
  contentKeysDestroyed?: number;
  /** Once completed: blobs deleted because no session left refers to them. */
  blobsDeleted?: number;
  physical?: boolean;
  /** Position of the `ErasureRequested` event in `$all`: where the read models purge the sessions. */
  requestedPosition: number;
}

/**
 * The receipts the audit stream's events tell, in the order they were requested (a completion
 * without its request is ignored; a request seen twice keeps its first telling). Pure.
 */
export function foldErasureReceipts(
  events: ReadonlyArray<{ event: LedgerEvent; position: number }>,
): ErasureReceipt[] {
  const receipts = new Map<string, ErasureReceipt>();
  for (const { event, position } of events) {
    if (event.type === 'ErasureRequested') {
      const { data } = event;
      if (receipts.has(data.erasureId)) continue;
      receipts.set(data.erasureId, {
        erasureId: data.erasureId,
        status: 'in-progress',
        tenant: data.tenant,
        ...(data.subjectId === undefined ? {} : { subjectId: data.subjectId }),
        action: data.action,
        reason: data.reason,
        ...(data.maxIdle === undefined ? {} : { maxIdle: data.maxIdle }),
        requestedBy: data.requestedBy,
        requestedAt: data.requestedAt,
        sessionIds: data.sessions.map((session) => session.sessionId),
        sessions: data.sessions,
        requestedPosition: position,
      });
      continue;
    }
    const receipt = receipts.get(event.data.erasureId);
    if (receipt === undefined || receipt.status === 'completed') continue;
    receipt.status = 'completed';
    receipt.completedAt = event.data.completedAt;
    receipt.erasedEvents = event.data.erasedEvents;
    receipt.contentKeysDestroyed = event.data.contentKeysDestroyed;
    if (event.data.blobsDeleted !== undefined) receipt.blobsDeleted = event.data.blobsDeleted;
    receipt.physical = event.data.physical;
  }
  return [...receipts.values()];
}
