import { v5 as uuidv5 } from 'uuid';

/** UUID v5 namespace of erasure ids and of the audit events' ids. */
const ERASURE_ID_NAMESPACE = '5d0c9b0e-4f8a-4d52-9a43-0a8e3f1f7c21';

/**
 * The id of an erasure, derived from what it erases (never random): the same request on the same
 * sessions (a retry, a second click) is the same erasure, whose receipt it answers; a request
 * after new events (a session of the subject started since) is another.
 */
export function erasureIdOf(parts: readonly string[]): string {
  return uuidv5(parts.join('\u0000'), ERASURE_ID_NAMESPACE);
}

/** The event id of an erasure's `ErasureRequested` or `ErasureCompleted`: a retried append is idempotent. */
export function erasureEventId(erasureId: string, type: 'requested' | 'completed'): string {
  return uuidv5(`${erasureId}\u0000${type}`, ERASURE_ID_NAMESPACE);
}
