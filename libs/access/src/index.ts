export { SCOPES, grantsScope, isScope, type Scope } from './scopes';
export { KeyRequestError } from './key-request-error';
export { checkKeyRequest, type CreateKeyRequest } from './check-key-request';
export {
  KeyRegistry,
  type ApiKeyPrincipal,
  type ApiKeyRecord,
  type KeyRegistryOptions,
  type KeyRevoker,
} from './key-registry';
export {
  evolveKeyRegistry,
  initialKeyRegistryState,
  type KeyRegistryState,
  type StoredKey,
} from './key-registry-state';
export { LEGACY_KEYS_FILE_NAME, readLegacyKeysFile } from './legacy-keys-file';
export { migrateLegacyKeys } from './migrate-legacy-keys';
export { newKeySecret, hashOfSecret } from './api-key-secret';
