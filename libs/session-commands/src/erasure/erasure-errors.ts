/**
 * An erasure was journaled (`ErasureRequested` is durable, its sessions answer 404) but could not
 * be finished now: a step failed (the store, the key store) or the read models did not purge in
 * time. It is finished by the next erasure request naming the same sessions, or at the next start.
 */
export class ErasureIncompleteError extends Error {
  override readonly name = 'ErasureIncompleteError';
  readonly code = 'ErasureIncomplete';

  constructor(
    readonly erasureId: string,
    reason: string,
  ) {
    super(
      `Erasure ${erasureId} is journaled and its sessions are no longer served, but it could not be finished now (${reason}). It is finished by asking again, or when the server starts.`,
    );
  }
}
