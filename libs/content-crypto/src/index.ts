export type {
  ContentKey,
  ContentKeyLookup,
  ContentKeyShredder,
  ContentKeyStore,
} from './content-key-store';
export {
  ContentCryptoError,
  ContentKeyStoreConfigError,
  ContentKeyUnknownError,
  SealedContentUnreadableError,
} from './errors';
export type { SealedContent } from './sealed-content';
export { asSealedContent, hasSealedPart } from './sealed-content';
export { contentAad } from './content-aad';
export { sealContent, type SealInput } from './seal-content';
export { openContent } from './open-content';
export { sessionReadableFields } from './session-readable-fields';
export {
  SEAL_EVERYTHING_POLICY,
  SESSION_CONTENT_POLICY,
  type ContentPolicy,
} from './content-policy';
export {
  ContentSealingEventStore,
  sealedAppendSizeLimit,
  type ContentSealingEventStoreOptions,
} from './content-sealing-event-store';
export { parseMasterKey } from './parse-master-key';
export {
  SqliteContentKeyStore,
  type SqliteContentKeyStoreOptions,
} from './sqlite/sqlite-content-key-store';
