import { Command } from 'commander';
import { SessionListReader } from '@agent-ledger/read-models';
import type { CliIo } from '../cli-io';
import { withLedger } from '../ledger/with-ledger';
import { renderSessions } from '../render/render-sessions';
import { wholeNumber } from './parse-arguments';

interface SessionsFlags {
  limit: number;
  json?: boolean;
}

/** `sessions`: the session list read model, newest activity first. */
export function sessionsCommand(io: CliIo): Command {
  return new Command('sessions')
    .description(
      'List sessions, newest activity first, from the session-list read model the server maintains.',
    )
    .option('--limit <n>', 'at most this many sessions', wholeNumber(1, 'a count'), 50)
    .option('--json', 'print { sessions, nextCursor } as JSON')
    .action((flags: SessionsFlags) =>
      withLedger(io, (ledger) => {
        const page = new SessionListReader(ledger.readModels()).page({ limit: flags.limit });
        if (flags.json === true) {
          const nextCursor = page.nextPosition === undefined ? null : String(page.nextPosition);
          io.stdout.write(`${JSON.stringify({ sessions: page.sessions, nextCursor }, null, 2)}\n`);
        } else {
          io.stdout.write(`${renderSessions(page.sessions)}\n`);
          if (page.nextPosition !== undefined) {
            io.stderr.write(`(more sessions: raise --limit above ${flags.limit} to see them)\n`);
          }
        }
        return Promise.resolve();
      }),
    );
}
