import { CliError } from './cli-error';
import { toCliError } from './to-cli-error';

describe('toCliError', () => {
  it('words a damaged SQLite file met by a statement, on one line, naming what can be rebuilt', () => {
    // As better-sqlite3 throws it (its SqliteError has SQLite's code).
    const error = Object.assign(new Error('database disk image is malformed'), {
      code: 'SQLITE_CORRUPT',
    });
    const known = toCliError(error);
    expect(known).toBeInstanceOf(CliError);
    expect(known?.message).toBe(
      'a SQLite file of the ledger is damaged (SQLITE_CORRUPT: database disk image is malformed); it was left as it is. If it is the read models (read-models.sqlite in DATA_DIR), `npx agent-ledger rebuild` (with the same DATA_DIR, or starting the server) rebuilds them from the log.',
    );
  });

  it('leaves other SQLite errors unrecognized', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(toCliError(busy)).toBeUndefined();
    expect(toCliError(new Error('boom'))).toBeUndefined();
  });
});
