import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import Database from 'better-sqlite3';
import { isSqliteBusy, retryWhileBusy, truncateWal } from '@agent-ledger/event-store';

/** A session's decider state as stored, with where in its stream it was taken. */
export interface StoredDeciderSnapshot {
  /** Revision of the last event folded into the state. */
  revision: number;
  /** Global position and id of that event: the snapshot is used only if the log still has it. */
  position: number;
  eventId: string;
  /** The state (`snapshotSessionState`), parsed but unchecked: `restoreSessionState` checks it. */
  state: unknown;
}

/** Where the command runner keeps decider snapshots: one per session key, the latest only. */
export interface DeciderSnapshotStore {
  read(key: string): StoredDeciderSnapshot | undefined;
  write(key: string, snapshot: StoredDeciderSnapshot): void;
  delete(key: string): void;
  /**
   * Deletes the snapshot of `key` so that no file keeps it (an erasure): `secure_delete` zeroes
   * its bytes and the WAL is checkpointed and truncated.
   */
  erase(key: string): void;
  close(): void;
}

interface SnapshotRow {
  revision: number;
  position: number;
  event_id: string;
  state: Buffer;
}

const BUSY_TIMEOUT_MS = 5000;

/**
 * Decider snapshots in a SQLite file of their own (`DATA_DIR/decider-snapshots.sqlite`), each in
 * V8's serialization format (read back three times faster than JSON text). It is a cache of what
 * the log says, never a source: written with `synchronous=NORMAL` (a snapshot lost
 * in a crash costs a longer fold, nothing else), and a file that cannot be opened or read is
 * deleted and started afresh.
 */
export class SqliteDeciderSnapshots implements DeciderSnapshotStore {
  private readonly statements;

  private constructor(private readonly db: Database.Database) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // An erased session's snapshot (and every replaced one) is zeroed when freed.
    db.pragma('secure_delete = ON');
    db.exec(`CREATE TABLE IF NOT EXISTS decider_snapshots (
      session_key TEXT PRIMARY KEY, revision INTEGER NOT NULL, position INTEGER NOT NULL,
      event_id TEXT NOT NULL, state BLOB NOT NULL) STRICT`);
    this.statements = {
      read: db.prepare<[string], SnapshotRow>(
        'SELECT revision, position, event_id, state FROM decider_snapshots WHERE session_key = ?',
      ),
      write: db.prepare<[string, number, number, string, Buffer]>(
        `INSERT INTO decider_snapshots (session_key, revision, position, event_id, state)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_key) DO UPDATE SET revision = excluded.revision,
         position = excluded.position, event_id = excluded.event_id, state = excluded.state`,
      ),
      delete: db.prepare<[string]>('DELETE FROM decider_snapshots WHERE session_key = ?'),
    };
  }

  /** Opens (or creates) the file; a damaged one is replaced by an empty one. */
  static open(file: string): SqliteDeciderSnapshots {
    mkdirSync(path.dirname(file), { recursive: true });
    // Another server starting on the same DATA_DIR may be creating the file at this moment:
    // that is SQLITE_BUSY, waited out, never damage (deleting its file would lose its snapshots).
    const openOnce = () => {
      const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
      try {
        return new SqliteDeciderSnapshots(db);
      } catch (error) {
        db.close();
        throw error;
      }
    };
    try {
      return retryWhileBusy(openOnce, BUSY_TIMEOUT_MS);
    } catch (error) {
      if (isSqliteBusy(error)) throw error;
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      return retryWhileBusy(openOnce, BUSY_TIMEOUT_MS);
    }
  }

  read(key: string): StoredDeciderSnapshot | undefined {
    try {
      const row = this.statements.read.get(key);
      if (row === undefined) return undefined;
      return {
        revision: row.revision,
        position: row.position,
        eventId: row.event_id,
        state: deserialize(row.state) as unknown,
      };
    } catch {
      return undefined;
    }
  }

  write(key: string, snapshot: StoredDeciderSnapshot): void {
    const { revision, position, eventId, state } = snapshot;
    this.statements.write.run(key, revision, position, eventId, serialize(state));
  }

  delete(key: string): void {
    this.statements.delete.run(key);
  }

  erase(key: string): void {
    this.statements.delete.run(key);
    // Readers of the file on other connections can hold the truncation up: tried a few times.
    truncateWal(this.db, { attempts: 5 });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
