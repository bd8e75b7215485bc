import type { ReadModelDatabase } from '../database/open-read-model-database';

/** A handler's stored checkpoint: the last position of `$all` its rows reflect. */
export interface StoredCheckpoint {
  version: string;
  /** `null`: nothing processed yet. */
  position: number | null;
}

/** Reads and writes `rm_checkpoints`; the writes are meant to run inside the batch transaction. */
export class CheckpointTable {
  private readonly selectOne;
  private readonly upsert;
  private readonly deleteOne;

  constructor(db: ReadModelDatabase) {
    this.selectOne = db.prepare<[string], { version: string; position: number | null }>(
      'SELECT version, position FROM rm_checkpoints WHERE handler = ?',
    );
    this.upsert = db.prepare<[string, string, number | null]>(
      `INSERT INTO rm_checkpoints (handler, version, position) VALUES (?, ?, ?)
       ON CONFLICT (handler) DO UPDATE SET version = excluded.version, position = excluded.position`,
    );
    this.deleteOne = db.prepare<[string]>('DELETE FROM rm_checkpoints WHERE handler = ?');
  }

  read(handler: string): StoredCheckpoint | undefined {
    return this.selectOne.get(handler);
  }

  write(handler: string, checkpoint: StoredCheckpoint): void {
    this.upsert.run(handler, checkpoint.version, checkpoint.position);
  }

  remove(handler: string): void {
    this.deleteOne.run(handler);
  }
}
