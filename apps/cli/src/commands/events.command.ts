import { Command } from 'commander';
import {
  sessionStreamName,
  RevisionNotFoundError,
  SessionNotFoundError,
} from '@agent-ledger/events';
import type { CliIo } from '../cli-io';
import { withLedger } from '../ledger/with-ledger';
import { wholeNumber } from './parse-arguments';

interface EventsFlags {
  fromRevision?: number;
  toRevision?: number;
}

/** `events`: a session's raw stream as NDJSON, one stored event per line, for other tools. */
export function eventsCommand(io: CliIo): Command {
  return new Command('events')
    .description(
      'Print a session’s stream as NDJSON: one line per event with revision, position, type, id, data, metadata and createdAt.',
    )
    .argument('<sessionId>', 'the session')
    .option('--from-revision <r>', 'first revision (default 0)', wholeNumber(0, 'a revision'))
    .option(
      '--to-revision <r>',
      'last revision (default: the latest)',
      wholeNumber(0, 'a revision'),
    )
    .action((sessionId: string, flags: EventsFlags) =>
      withLedger(io, async (ledger) => {
        const store = await ledger.store();
        const streamName = sessionStreamName(sessionId);
        const latest = await store.getStreamRevision(streamName);
        if (latest === undefined) throw new SessionNotFoundError(sessionId);
        for (const revision of [flags.fromRevision, flags.toRevision]) {
          if (revision !== undefined && revision > latest) {
            throw new RevisionNotFoundError(sessionId, revision, latest);
          }
        }
        const events = store.readStream(streamName, { fromRevision: flags.fromRevision ?? 0 });
        for await (const event of events) {
          if (flags.toRevision !== undefined && event.revision > flags.toRevision) break;
          const { revision, position, type, id, data, metadata, createdAt } = event;
          io.stdout.write(
            `${JSON.stringify({ revision, position, type, id, data, metadata, createdAt })}\n`,
          );
        }
      }),
    );
}
