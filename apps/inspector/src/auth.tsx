import { createLedgerClient, isLedgerError, type LedgerClient } from '@agent-ledger/client';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** `GET /v1/whoami`: who the key is and what it may do. */
export interface Whoami {
  auth: 'open' | 'keys';
  tenant: string;
  keyId: string | null;
  scopes: string[];
}

/** What every page needs: the client (with the key), who it is, and how to ask for a key again. */
export interface Connection {
  client: LedgerClient;
  whoami: Whoami;
  apiKey: string | undefined;
  /** Forget the key and show the login (a 401 from any page). */
  signOut(reason?: string): void;
}

export const ConnectionContext = createContext<Connection | undefined>(undefined);

/** The page's connection; pages only render inside one. */
export function useConnection(): Connection {
  const connection = useContext(ConnectionContext);
  if (connection === undefined) throw new Error('useConnection outside a ConnectionContext');
  return connection;
}

const KEY_STORAGE = 'agent-ledger.apiKey';

/** The key kept for this browser tab (session storage: gone with the tab). */
export function storedKey(): string | undefined {
  return sessionStorage.getItem(KEY_STORAGE) ?? undefined;
}

export function storeKey(apiKey: string | undefined): void {
  if (apiKey === undefined) sessionStorage.removeItem(KEY_STORAGE);
  else sessionStorage.setItem(KEY_STORAGE, apiKey);
}

/** The client of this server (the page's own origin), with the key if there is one. */
export function clientFor(apiKey: string | undefined): LedgerClient {
  return createLedgerClient({
    baseUrl: window.location.origin,
    ...(apiKey === undefined ? {} : { apiKey }),
    fetch: (input, init) => fetch(input, init),
    retry: { retries: 1 },
  });
}

/** Who a key is: `unauthorized` when the server refuses it (or wants one). */
export async function whoami(apiKey: string | undefined): Promise<Whoami | 'unauthorized'> {
  const response = await fetch('/v1/whoami', {
    headers: {
      accept: 'application/json',
      ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
    },
  });
  if (response.status === 401) return 'unauthorized';
  if (response.status === 404) {
    // A server from before keys: open, every scope.
    return {
      auth: 'open',
      tenant: 'default',
      keyId: null,
      scopes: ['read', 'write', 'audit', 'admin', 'erase'],
    };
  }
  if (!response.ok) throw new Error(`GET /v1/whoami answered ${response.status}`);
  const body: unknown = await response.json();
  return readWhoami(body);
}

function readWhoami(body: unknown): Whoami {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const scopes = Array.isArray(record['scopes'])
    ? record['scopes'].filter((scope): scope is string => typeof scope === 'string')
    : [];
  return {
    auth: record['auth'] === 'keys' ? 'keys' : 'open',
    tenant: typeof record['tenant'] === 'string' ? record['tenant'] : 'default',
    keyId: typeof record['keyId'] === 'string' ? record['keyId'] : null,
    scopes,
  };
}

/** Whether the connection's key has a scope. */
export function can(
  connection: Connection,
  scope: 'read' | 'write' | 'audit' | 'admin' | 'erase',
): boolean {
  const scopes = connection.whoami.scopes;
  // `admin` implies `erase` (a server may list only the scopes a key was given).
  return scopes.includes(scope) || (scope === 'erase' && scopes.includes('admin'));
}

/** A readable line for an error of a request; a 401 signs out (the key is no longer good). */
export function describeError(connection: Connection, error: unknown): string {
  if (isLedgerError(error)) {
    if (error.status === 401) connection.signOut('The server asked for a key again.');
    if (error.status === 403) return `This key may not do that (${error.body.message})`;
    return error.body.message;
  }
  return error instanceof Error ? error.message : String(error);
}
