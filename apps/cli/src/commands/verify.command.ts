import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { sqliteEventStorePath, usesContentKeys, type ServerConfig } from '@agent-ledger/config';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import type { VerifyHelperSetup } from '../audit/verify-helper-protocol';
import { verifyReadModels, type Verification } from '../audit/verify-read-models';
import { withLedger } from '../ledger/with-ledger';
import { cliHint } from '../cli-hint';

interface VerifyFlags {
  session?: string;
  json?: boolean;
  singleThread?: boolean;
  checkFile?: boolean;
}

/**
 * Helper threads at most, whatever the cores: each holds a whole session's work beside its 96 MB
 * young generation, so this bounds verify's memory on a large machine (measured only on two).
 */
const MAX_HELPERS = 4;

/** Differences shown per session before "… and N more". */
const SHOWN_DIFFERENCES = 20;

/** `verify`: recompute the read models from the log in memory and compare with the stored ones. */
export function verifyCommand(io: CliIo): Command {
  return new Command('verify')
    .description(
      'Recompute every read model (or one session’s) from the log in memory and compare it with the stored read models; print the differences and exit 1 when there are any.',
    )
    .option('--session <id>', 'verify this session only')
    .option('--json', 'print { position, sessions, failedEvents } as JSON')
    .option(
      '--single-thread',
      'verify on this thread alone (by default helper threads verify the sessions, one per core up to four, when the machine has two cores or more)',
    )
    .option(
      '--check-file',
      'first check the read-model file itself (SQLite’s quick_check: every page, the indexes too); by default only the rows verify reads are read, and a damaged one is reported when met',
    )
    .action((flags: VerifyFlags) =>
      withLedger(io, async (ledger) => {
        const db = ledger.readModels({ checkFile: flags.checkFile === true });
        const verification = await verifyReadModels(await ledger.store(), db, ledger.handlers(db), {
          ...(flags.session === undefined ? {} : { sessionId: flags.session }),
          exportPolicy: ledger.readModelConfig.exportPolicy,
          // One helper thread per core (up to MAX_HELPERS) verifies sessions, each through its
          // own connections to the files.
          ...(flags.singleThread !== true &&
          availableParallelism() > 1 &&
          ledger.config.eventStore === 'sqlite'
            ? {
                helper: {
                  eventStorePath: sqliteEventStorePath(ledger.config),
                  readModelPath: ledger.readModelConfig.path,
                  ...contentKeysOf(ledger.config),
                  threads: Math.min(availableParallelism(), MAX_HELPERS),
                },
              }
            : {}),
        });
        io.stdout.write(
          `${flags.json === true ? JSON.stringify(verification, null, 2) : renderVerification(verification)}\n`,
        );
        const differing = verification.sessions.filter((session) => session.differences.length > 0);
        if (differing.length > 0) {
          throw new CliError(
            `the stored read models differ from the log in ${differing.length} of ${verification.sessions.length} session${verification.sessions.length === 1 ? '' : 's'} (${differing.map((session) => session.sessionId).join(', ')}); ${cliHint('rebuild', io.env ?? process.env)} rebuilds them from the log.`,
          );
        }
      }),
    );
}

/** How a helper thread opens sealed content, as `createEventStore` does. */
function contentKeysOf(config: ServerConfig): Pick<VerifyHelperSetup, 'contentKeys'> {
  if (!usesContentKeys(config)) return {};
  const { keysPath, masterKey } = config.contentEncryption;
  return { contentKeys: { path: keysPath, ...(masterKey === undefined ? {} : { masterKey }) } };
}

function renderVerification(verification: Verification): string {
  const at =
    verification.position === null ? 'nothing processed yet' : `position ${verification.position}`;
  const lines = verification.sessions.flatMap(({ sessionId, differences }) => {
    if (differences.length === 0) return [`ok    ${sessionId}`];
    const more = differences.length - SHOWN_DIFFERENCES;
    return [
      `DIFF  ${sessionId}: ${differences.length} difference${differences.length === 1 ? '' : 's'}`,
      ...differences.slice(0, SHOWN_DIFFERENCES).map((difference) => `        ${difference}`),
      ...(more > 0 ? [`        … and ${more} more (--json lists them all)`] : []),
    ];
  });
  const failed =
    verification.failedEvents === 0
      ? []
      : [
          `${verification.failedEvents} event(s) could not be processed and were skipped by the read models and by the recomputation alike (see the debug API).`,
        ];
  return [
    `Read models at ${at}; ${verification.sessions.length} session(s) recomputed from the log.`,
    ...lines,
    ...failed,
  ].join('\n');
}
