import { AiSdkConversionError } from '@agent-ledger/ai-sdk';
import { ContentCryptoError } from '@agent-ledger/content-crypto';
import { SessionReadError } from '@agent-ledger/events';
import { EventStoreError } from '@agent-ledger/event-store';
import { ConfigError, ReadModelConfigError } from '@agent-ledger/config';
import { InvalidImportSourceError } from '@agent-ledger/interchange';
import { SearchQuerySyntaxError } from '@agent-ledger/projections';
import { InvalidSearchCursorError } from '@agent-ledger/read-models';
import {
  ErasureIncompleteError,
  ForkTargetExistsError,
  ForkTooLargeError,
  UnreadableSessionEventError,
} from '@agent-ledger/session-commands';
import { SessionRuleError } from '@agent-ledger/sessions';
import { CliError } from './cli-error';
import { damagedSqliteFile } from './damaged-sqlite-file';

/** The ledger's own error classes: each message says what was wrong and what would be accepted. */
const DOMAIN_ERRORS = [
  SessionReadError,
  SessionRuleError,
  EventStoreError,
  ConfigError,
  ReadModelConfigError,
  ForkTargetExistsError,
  ForkTooLargeError,
  ErasureIncompleteError,
  UnreadableSessionEventError,
  InvalidImportSourceError,
  ContentCryptoError,
  AiSdkConversionError,
  SearchQuerySyntaxError,
  InvalidSearchCursorError,
] as const;

/**
 * The errors a user can act on, as one-line CLI errors: an unknown session or revision, a broken
 * session rule (a rewind to a rewound revision, an import whose history the decider refuses), a
 * fork whose id is taken or too large, a store that refuses, a configuration variable that
 * cannot be used, an unreadable import source or content key, a damaged SQLite file. A domain
 * error is never an "internal error": the ledger's error classes are recognized here, and so is
 * an error of one of them that crossed a copy of the module (same `name`, a string `code`).
 * Anything else is not recognized (`undefined`).
 */
export function toCliError(error: unknown): CliError | undefined {
  if (error instanceof CliError) return error;
  if (DOMAIN_ERRORS.some((domainError) => error instanceof domainError)) {
    return new CliError((error as Error).message);
  }
  if (error instanceof Error && isDomainErrorByShape(error)) return new CliError(error.message);
  return damagedSqliteFile(error);
}

function isDomainErrorByShape(error: Error): boolean {
  const code: unknown = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    !code.startsWith('SQLITE_') &&
    DOMAIN_ERRORS.some((domainError) => domainError.name === error.name)
  );
}
