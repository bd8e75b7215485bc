import { Command, Option } from 'commander';
import type { CliIo } from '../cli-io';
import { diffModelContext } from '../audit/diff-model-context';
import { withLedger } from '../ledger/with-ledger';
import { renderDiff } from '../render/render-diff';
import { wholeNumber } from './parse-arguments';
import {
  addProjectionOptions,
  projectionOptions,
  type ProjectionFlags,
} from './projection-options';

interface DiffFlags extends ProjectionFlags {
  from: number;
  to: number;
  json?: boolean;
}

/** `diff`: how the model context changed between two revisions, message by message. */
export function diffCommand(io: CliIo): Command {
  const command = new Command('diff')
    .description(
      'Show how the model context of a session changed between two revisions: messages added, removed by a compaction, truncated (to the stub by pruning, or cut to the soft limit) ("what did this compaction take away from the model?").',
    )
    .argument('<sessionId>', 'the session')
    .addOption(
      new Option('--from <r1>', 'the earlier revision')
        .argParser(wholeNumber(0, 'a revision'))
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--to <r2>', 'the later revision')
        .argParser(wholeNumber(0, 'a revision'))
        .makeOptionMandatory(),
    )
    .option('--json', 'print { sessionId, from, to, changes, providerChanges } as JSON');
  return addProjectionOptions(command).action((sessionId: string, flags: DiffFlags) =>
    withLedger(io, async (ledger) => {
      const diff = await diffModelContext(
        await ledger.store(),
        sessionId,
        { from: flags.from, to: flags.to },
        projectionOptions(flags),
      );
      io.stdout.write(
        `${flags.json === true ? JSON.stringify(diff, null, 2) : renderDiff(diff)}\n`,
      );
    }),
  );
}
