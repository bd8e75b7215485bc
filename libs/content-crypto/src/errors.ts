/** Base of this library's errors: each has a stable `code` a caller can act on. */
export abstract class ContentCryptoError extends Error {
  abstract readonly code: string;
}

/**
 * A sealed payload names a key this key store never had: the store is not the log's (a wrong
 * `CONTENT_KEYS_PATH`, a key file restored from an older backup). Readers stop rather than skip.
 */
export class ContentKeyUnknownError extends ContentCryptoError {
  readonly code = 'ContentKeyUnknown';
  constructor(readonly keyId: string) {
    super(
      `Content key ${keyId} is not in the content key store: it was never made there, so this key store is not the one the log was written with. Point CONTENT_KEYS_PATH (and CONTENT_MASTER_KEY) at the log's key store.`,
    );
  }
}

/**
 * A sealed payload could not be opened with its key: it was changed, moved to another stream or
 * event, or is not a sealed payload this version reads.
 */
export class SealedContentUnreadableError extends ContentCryptoError {
  readonly code = 'SealedContentUnreadable';
  constructor(
    readonly streamName: string,
    readonly eventId: string,
    readonly reason: string,
  ) {
    super(
      `The sealed content of event ${eventId} in "${streamName}" cannot be opened: ${reason}. The event was changed or moved after it was written, or written by a newer version.`,
    );
  }
}

/**
 * The key store cannot be used as configured: `CONTENT_MASTER_KEY` missing, malformed or not the
 * one its keys were wrapped with.
 */
export class ContentKeyStoreConfigError extends ContentCryptoError {
  readonly code = 'ContentKeyStoreConfig';
}
