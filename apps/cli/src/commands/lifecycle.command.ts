import { Command } from 'commander';
import { createEventStore, loadServerConfig } from '@agent-ledger/config';
import type { EventStore } from '@agent-ledger/event-store';
import { ModelContextReader } from '@agent-ledger/model-context';
import { forkCarry, SessionCommandRunner } from '@agent-ledger/session-commands';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { wholeNumber } from './parse-arguments';

/** The store the server writes, with a runner over it, for one command; closed after it. */
async function withRunner<T>(
  io: CliIo,
  work: (runner: SessionCommandRunner, store: EventStore) => Promise<T>,
): Promise<T> {
  const store = await createEventStore(loadServerConfig(io.env ?? process.env));
  try {
    const clock = () => new Date().toISOString();
    return await work(new SessionCommandRunner(store, { cacheSize: 4, clock }), store);
  } finally {
    await store.close();
  }
}

/**
 * `fork <session> <new-session> [--at-revision R]`: forks a session of the default tenant in the
 * store the server writes, as `POST /v1/sessions/:sessionId/forks` does (the same events, ids and
 * checks: a retry answers the fork already made).
 */
export function forkCommand(io: CliIo): Command {
  return new Command('fork')
    .description(
      "Fork a session into a new one whose model context starts as the source's at a revision (default: its head). Writes the store the server writes (DATA_DIR, EVENT_STORE); idempotent.",
    )
    .argument('<session>', 'the session to fork')
    .argument('<new-session>', 'the new session id (must not exist, unless it is this very fork)')
    .option('--at-revision <n>', 'the revision to fork at', wholeNumber(0, '--at-revision'))
    .option('--json', 'print the answer as JSON')
    .action(
      async (source: string, target: string, flags: { atRevision?: number; json?: boolean }) => {
        const result = await withRunner(io, (runner, store) => {
          const reader = new ModelContextReader(store);
          return runner.fork(
            {
              sessionId: target,
              sourceSessionId: source,
              ...(flags.atRevision === undefined ? {} : { atRevision: flags.atRevision }),
            },
            () => forkCarry(reader, source, source, flags.atRevision),
          );
        });
        io.stdout.write(
          flags.json === true
            ? `${JSON.stringify(result, null, 2)}\n`
            : `${result.sessionId}: forked from ${result.forkedFrom.sessionId} at revision ${result.forkedFrom.revision}; revision ${result.revision}\n`,
        );
      },
    );
}

/**
 * `rewind <session> (--to-revision R | --to-message ID)`: rewinds a session of the default
 * tenant, as `POST /v1/sessions/:sessionId/rewinds` does.
 */
export function rewindCommand(io: CliIo): Command {
  return new Command('rewind')
    .description(
      'Rewind a session to a revision, or to the revision a message was recorded at (the message stays): an event, not a deletion. Writes the store the server writes (DATA_DIR, EVENT_STORE).',
    )
    .argument('<session>', 'the session to rewind')
    .option('--to-revision <n>', 'the revision to go back to', wholeNumber(0, '--to-revision'))
    .option('--to-message <id>', 'the message to go back to')
    .option('--reason <text>', 'why (recorded in the event)')
    .option('--json', 'print the answer as JSON')
    .action(
      async (
        sessionId: string,
        flags: { toRevision?: number; toMessage?: string; reason?: string; json?: boolean },
      ) => {
        const target =
          flags.toRevision !== undefined && flags.toMessage === undefined
            ? { toRevision: flags.toRevision }
            : flags.toMessage !== undefined && flags.toRevision === undefined
              ? { toMessageId: flags.toMessage }
              : undefined;
        if (target === undefined) {
          throw new CliError('rewind: give exactly one of --to-revision <n> or --to-message <id>');
        }
        const result = await withRunner(io, (runner) =>
          runner.rewind({
            sessionId,
            target,
            ...(flags.reason === undefined ? {} : { reason: flags.reason }),
          }),
        );
        io.stdout.write(
          flags.json === true
            ? `${JSON.stringify(result, null, 2)}\n`
            : result.rewoundMessageIds.length === 0
              ? `${sessionId}: already at revision ${result.toRevision}; nothing undone\n`
              : `${sessionId}: rewound to revision ${result.toRevision} (revision ${result.revision}); undone: ${result.rewoundMessageIds.join(', ')}\n`,
        );
      },
    );
}
