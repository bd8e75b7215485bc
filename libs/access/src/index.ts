export { SCOPES, grantsScope, isScope, type Scope } from './scopes';
export {
  KeyRequestError,
  KeyStore,
  type ApiKeyPrincipal,
  type ApiKeyRecord,
  type CreateKeyRequest,
} from './key-store';
