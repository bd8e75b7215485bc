import type Database from 'better-sqlite3';
import { packText, unpackText } from './packed-text';

/**
 * Gives a connection to a read-model file the SQL functions its statements store and read the
 * packed text columns with: `rm_pack(text)` ({@link packText}) and `rm_unpack(value)`
 * ({@link unpackText}). Every connection that opens the file must have them.
 */
export function registerPackedText(db: Database.Database): void {
  db.function('rm_pack', { deterministic: true }, (text: unknown) =>
    packText(typeof text === 'string' ? text : null),
  );
  db.function('rm_unpack', { deterministic: true }, (value: unknown) => unpackText(value));
}
