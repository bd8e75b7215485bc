import { damageOf } from '@agent-ledger/read-models';
import { CliError } from './cli-error';
import { cliHint } from './cli-hint';

/**
 * The error of a command whose statement met a damaged SQLite file, or `undefined` when `error` is
 * not SQLite saying so. The read models are the likely file and can be rebuilt; the event store
 * cannot, so both are named.
 */
export function damagedSqliteFile(error: unknown): CliError | undefined {
  const reason = damageOf(error);
  if (reason === undefined) return undefined;
  return new CliError(
    `a SQLite file of the ledger is damaged (${reason}); it was left as it is. If it is the read models (read-models.sqlite in DATA_DIR), ${cliHint('rebuild')} (with the same DATA_DIR, or starting the server) rebuilds them from the log.`,
  );
}
