import { SessionReadError } from '@agent-ledger/events';
import { EventStoreError } from '@agent-ledger/event-store';
import { ConfigError, ReadModelConfigError } from '@agent-ledger/config';
import { ForkTargetExistsError, ForkTooLargeError } from '@agent-ledger/session-commands';
import { SessionRuleError } from '@agent-ledger/sessions';
import { CliError } from './cli-error';
import { damagedSqliteFile } from './damaged-sqlite-file';

/**
 * The errors a user can act on, as one-line CLI errors: an unknown session or revision, a broken
 * session rule (a rewind to a rewound revision), a fork whose id is taken or too large, a store
 * that refuses, a configuration variable that cannot be used, a damaged SQLite file. Their
 * messages already say what was wrong and what would be accepted. Anything else is not recognized
 * (`undefined`).
 */
export function toCliError(error: unknown): CliError | undefined {
  if (error instanceof CliError) return error;
  if (
    error instanceof SessionReadError ||
    error instanceof EventStoreError ||
    error instanceof ConfigError ||
    error instanceof ReadModelConfigError ||
    error instanceof SessionRuleError ||
    error instanceof ForkTargetExistsError ||
    error instanceof ForkTooLargeError
  ) {
    return new CliError(error.message);
  }
  return damagedSqliteFile(error);
}
