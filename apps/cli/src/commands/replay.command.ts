import { Command, Option } from 'commander';
import type { EventStore } from '@agent-ledger/event-store';
import { modelCallContext, type ModelCallContext } from '@agent-ledger/model-context';
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
  call?: number;
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
    .addOption(
      new Option(
        '--call <n>',
        "the context of the session's model call N (1-based, its recorded model calls in order): as of the revision the call was made from, with its provider and agent unless --provider / --active-agent say otherwise",
      )
        .argParser(wholeNumber(1, 'a model call number'))
        .conflicts(['toRevision', 'toTurn']),
    )
    .option('--json', 'print { sessionId, revision, view, messages, diagnostics } as JSON');
  return addProjectionOptions(command).action((sessionId: string, flags: ReplayFlags) =>
    withLedger(io, async (ledger) => {
      const store = await ledger.store();
      const made =
        flags.call === undefined ? undefined : await modelCallContext(store, sessionId, flags.call);
      const revision =
        made !== undefined
          ? made.contextRevision
          : flags.toTurn === undefined
            ? flags.toRevision
            : await turnEnd(store, sessionId, flags.toTurn);
      const replayed = await replayView(store, sessionId, flags.view, {
        ...(revision === undefined ? {} : { revision }),
        projection: { ...callOptions(made), ...projectionOptions(flags) },
        exportPolicy: ledger.readModelConfig.exportPolicy,
      });
      const extra = {
        ...(flags.toTurn === undefined ? {} : { turn: flags.toTurn }),
        ...(made === undefined ? {} : { modelCall: callSummary(made) }),
      };
      const output =
        flags.json === true
          ? JSON.stringify({ ...replayed, ...extra }, null, 2)
          : `${made === undefined ? '' : `${callLine(made)}\n`}${renderView(replayed)}`;
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

/** The provider and agent a recorded model call was made with. */
function callOptions(made: ModelCallContext | undefined): {
  provider?: string;
  activeAgentName?: string;
} {
  if (made === undefined) return {};
  return {
    ...(made.call.provider === undefined ? {} : { provider: made.call.provider }),
    ...(made.call.agentName === undefined ? {} : { activeAgentName: made.call.agentName }),
  };
}

function callSummary(made: ModelCallContext) {
  return {
    callNumber: made.callNumber,
    callId: made.call.callId,
    ...(made.call.modelId === undefined ? {} : { modelId: made.call.modelId }),
    recordedAtRevision: made.recordedAtRevision,
    contextRevision: made.contextRevision,
    revisionSource: made.revisionSource,
  };
}

function callLine(made: ModelCallContext): string {
  const how =
    made.revisionSource === 'recorded'
      ? 'the revision the runtime recorded'
      : "inferred: before the step's first response message";
  const model = [made.call.provider, made.call.modelId].filter(Boolean).join('/');
  return `Model call ${made.callNumber} (${made.call.callId}${model === '' ? '' : `, ${model}`}${made.call.agentName === undefined ? '' : `, agent ${made.call.agentName}`}) · context at revision ${made.contextRevision} (${how})`;
}
