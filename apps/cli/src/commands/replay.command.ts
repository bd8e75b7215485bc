import { Command, Option } from 'commander';
import type { EventStore } from '@agent-ledger/event-store';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { readSessionLog } from '../audit/read-session-log';
import { replayView } from '../audit/replay-view';
import { turnEndRevision } from '../audit/turn-end-revision';
import { withLedger } from '../ledger/with-ledger';
import { renderView } from '../render/render-view';
import { CLI_VIEWS, type CliView } from '../run-projection';
import { wholeNumber } from './parse-arguments';
import {
  addProjectionOptions,
  projectionOptions,
  type ProjectionFlags,
} from './projection-options';

interface ReplayFlags extends ProjectionFlags {
  view: CliView;
  toRevision?: number;
  toTurn?: number;
  json?: boolean;
}

/** `replay`: a view of a session computed by replaying its stream up to a revision or a turn. */
export function replayCommand(io: CliIo): Command {
  const command = new Command('replay')
    .description(
      'Compute a view of a session by replaying its stream, as of now or of a past revision or turn: "what exactly did the model see when it answered turn N?"',
    )
    .argument('<sessionId>', 'the session')
    .addOption(
      new Option('--view <view>', 'the view to compute').choices(CLI_VIEWS).default('model'),
    )
    .addOption(
      new Option('--to-revision <r>', 'replay up to this revision (default: the latest)')
        .argParser(wholeNumber(0, 'a revision'))
        .conflicts('toTurn'),
    )
    .addOption(
      new Option(
        '--to-turn <n>',
        'replay up to the end of turn N (1-based; a turn is a user input and what follows it until the next), leaving out compactions and prunings recorded after it for the next turn',
      ).argParser(wholeNumber(1, 'a turn number')),
    )
    .option('--json', 'print { sessionId, revision, view, messages, diagnostics } as JSON');
  return addProjectionOptions(command).action((sessionId: string, flags: ReplayFlags) =>
    withLedger(io, async (ledger) => {
      const store = await ledger.store();
      const revision =
        flags.toTurn === undefined
          ? flags.toRevision
          : await turnEnd(store, sessionId, flags.toTurn);
      const replayed = await replayView(store, sessionId, flags.view, {
        ...(revision === undefined ? {} : { revision }),
        projection: projectionOptions(flags),
        exportPolicy: ledger.readModelConfig.exportPolicy,
      });
      const output =
        flags.json === true
          ? JSON.stringify(
              flags.toTurn === undefined ? replayed : { ...replayed, turn: flags.toTurn },
              null,
              2,
            )
          : renderView(replayed);
      io.stdout.write(`${output}\n`);
    }),
  );
}

async function turnEnd(store: EventStore, sessionId: string, turn: number): Promise<number> {
  const log = await readSessionLog(store, sessionId);
  const end = turnEndRevision(log.events, turn);
  if (end.found) return end.revision;
  throw new CliError(
    end.turns === 0
      ? `Session "${sessionId}" has no turn yet (no user input); --to-turn needs one.`
      : `Session "${sessionId}" has ${end.turns} turn${end.turns === 1 ? '' : 's'}; --to-turn takes 1 to ${end.turns}.`,
  );
}
