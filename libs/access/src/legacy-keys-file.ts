import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AccessEvent } from '@agent-ledger/events';

/** Where keys were kept before they moved into the event store: `DATA_DIR/keys.sqlite`. */
export const LEGACY_KEYS_FILE_NAME = 'keys.sqlite';

interface LegacyKeyRow {
  key_id: string;
  tenant: string;
  scopes: string;
  name: string | null;
  secret_sha256: string;
  created_at: string;
  revoked_at: string | null;
}

/**
 * The keys of a data directory's `keys.sqlite` (the store of earlier versions) as access events:
 * each key's `ApiKeyCreated` (its hash, tenant, scopes, name and creation time as they were,
 * marked `migratedFrom`), and an `ApiKeyRevoked` for a revoked one. No file: none. The file is
 * opened read-only and left as it is.
 */
export function readLegacyKeysFile(dataDir: string): AccessEvent[] {
  const file = path.join(dataDir, LEGACY_KEYS_FILE_NAME);
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    const table = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'api_keys'",
      )
      .get();
    if (table === undefined) return [];
    const rows = db
      .prepare<[], LegacyKeyRow>('SELECT * FROM api_keys ORDER BY created_at, key_id')
      .all();
    return rows.flatMap((row): AccessEvent[] => {
      const created: AccessEvent = {
        type: 'ApiKeyCreated',
        data: {
          keyId: row.key_id,
          tenant: row.tenant,
          scopes: parseScopes(row.scopes),
          ...(row.name === null || row.name === '' ? {} : { name: row.name }),
          secretSha256: row.secret_sha256,
          createdAt: row.created_at,
          migratedFrom: 'keys.sqlite',
        },
      };
      if (row.revoked_at === null) return [created];
      return [
        created,
        {
          type: 'ApiKeyRevoked',
          data: { keyId: row.key_id, revokedAt: row.revoked_at, revokedBy: { via: 'migration' } },
        },
      ];
    });
  } finally {
    db.close();
  }
}

function parseScopes(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
