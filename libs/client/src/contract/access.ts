/** What an API key may do (docs/security.md). */
export type Scope = 'read' | 'write' | 'audit' | 'admin' | 'erase';

/** `GET /v1/whoami`: how the server authenticates, and who the caller is. */
export interface WhoamiResponse {
  /** `open`: no key is configured (loopback only); `keys`: the request's key was checked. */
  auth: 'open' | 'keys';
  tenant: string;
  /** The key's id (`null` on an open server). */
  keyId: string | null;
  scopes: Scope[];
}

/** A key as `GET /v1/keys` lists it: never its secret. */
export interface ApiKey {
  keyId: string;
  tenant: string;
  scopes: Scope[];
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** `POST /v1/keys` (`admin`): a key of the caller's tenant. */
export interface CreateKeyRequest {
  scopes: Scope[];
  name?: string;
}

/** `POST /v1/keys`: the key and its secret, shown in this answer only. */
export interface CreatedKey {
  key: ApiKey;
  secret: string;
}
