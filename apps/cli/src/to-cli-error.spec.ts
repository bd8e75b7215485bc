import { InvalidImportSourceError } from '@agent-ledger/interchange';
import { SessionRuleError } from '@agent-ledger/sessions';
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

  it('words a broken session rule (an import the decider refuses) as itself, not as an internal error', () => {
    const error = new SessionRuleError(
      'SessionNotFound',
      'Session "s1" does not exist, so there is nothing to compact. A session starts with its first appended messages.',
    );
    expect(toCliError(error)?.message).toBe(error.message);
  });

  it('words every other domain error as itself (an unreadable import source)', () => {
    const error = new InvalidImportSourceError('no line is a JSON object', 'a.jsonl');
    expect(toCliError(error)?.message).toBe(error.message);
  });

  it('recognizes a domain error from another copy of its module by its name and code', () => {
    const copy = Object.assign(new Error('Session "s1" has ended.'), {
      name: 'SessionRuleError',
      code: 'SessionAlreadyEnded',
    });
    expect(toCliError(copy)?.message).toBe('Session "s1" has ended.');
    const unrelated = Object.assign(new Error('boom'), { name: 'TypeError', code: 'ERR_X' });
    expect(toCliError(unrelated)).toBeUndefined();
  });
});
