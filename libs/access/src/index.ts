export { SCOPES, isScope, type Scope } from './scopes';
export { hashOfSecret, keyIdOfSecret } from './api-key-secret';
export {
  KEYS_FILE_NAME,
  KeyRequestError,
  KeyStore,
  keysDatabasePath,
  type ApiKeyPrincipal,
  type ApiKeyRecord,
  type CreateKeyRequest,
} from './key-store';
