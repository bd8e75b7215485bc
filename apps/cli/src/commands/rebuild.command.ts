import { performance } from 'node:perf_hooks';
import { Command } from 'commander';
import {
  openFreshReadModelFile,
  ProjectionRunner,
  serversHoldingReadModels,
  type ReadModelHolder,
} from '@agent-ledger/read-models';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { withLedger } from '../ledger/with-ledger';
import { rebuildProgressBar } from '../render/rebuild-progress-bar';
import { wholeNumber } from './parse-arguments';
import { cliHint } from '../cli-hint';

interface RebuildFlags {
  batchSize: number;
  json?: boolean;
}

/** What a rebuild did, as `--json` prints it. */
export interface RebuildReport {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  position: number | null;
}

/** `rebuild`: drop the read models and rebuild them from the log. */
export function rebuildCommand(io: CliIo): Command {
  return new Command('rebuild')
    .description(
      'Rebuild every read model from the log into a new file, then put it in place of the old one (which stays as it was if the rebuild fails or is stopped), with a progress bar (rate, ETA) on a terminal. Refused (exit code 3) while a server runs on this DATA_DIR: it keeps the file it opened, so stop it first (a server rebuilds a missing or outdated read model itself at start).',
    )
    .option(
      '--batch-size <n>',
      'events per transaction',
      wholeNumber(1, 'a number of events'),
      2000,
    )
    .option('--json', 'print { events, seconds, eventsPerSecond, position } as JSON')
    .option(
      '--single-thread',
      'no effect, kept for scripts written when a second thread read the log: the rebuild runs on one thread',
    )
    .action((flags: RebuildFlags) =>
      withLedger(io, async (ledger) => {
        refuseWhileServed(serversHoldingReadModels(ledger.readModelConfig.path), ledger);
        const store = await ledger.store();
        // Built apart and put in place whole: the read models in use stay as they are until then.
        const fresh = openFreshReadModelFile(ledger.readModelConfig.path);
        const clock = () => performance.now();
        const progress = rebuildProgressBar(io.terminal, clock);
        const startedAt = clock();
        let events = 0;
        let position: number | null;
        try {
          const runner = new ProjectionRunner({
            store,
            db: fresh.db,
            handlers: ledger.handlers(fresh.db),
            batchSize: flags.batchSize,
          });
          position = await runner.rebuild((reached) => {
            events = reached.processedEvents;
            progress.update(reached);
          });
          const damage = fresh.replace();
          if (damage !== undefined) {
            io.stderr.write(
              `The read models at ${damage.path} were damaged (${damage.reason}); that file was moved to ${damage.movedTo} and replaced by the rebuilt one.\n`,
            );
          }
        } catch (error) {
          fresh.discard();
          throw error;
        } finally {
          progress.stop();
        }
        const seconds = (clock() - startedAt) / 1000;
        const report: RebuildReport = {
          events,
          seconds: Number(seconds.toFixed(3)),
          eventsPerSecond: seconds > 0 ? Math.round(events / seconds) : 0,
          position,
        };
        io.stdout.write(
          `${flags.json === true ? JSON.stringify(report) : describeReport(report)}\n`,
        );
      }),
    );
}

/**
 * A server keeps the read-model file it opened: a file put in its place now would go unseen by it
 * (later sessions missing from its answers until it restarts), so the rebuild does not start.
 */
function refuseWhileServed(
  holders: ReadModelHolder[],
  ledger: { config: { dataDir: string } },
): void {
  if (holders.length === 0) return;
  const pids = holders.map((holder) => holder.pid).join(', ');
  const servers =
    holders.length === 1 ? `A server (pid ${pids}) runs` : `Servers (pids ${pids}) run`;
  throw new CliError(
    `${servers} on DATA_DIR=${ledger.config.dataDir} and ${holders.length === 1 ? 'holds' : 'hold'} its read models open: a rebuild now would not be seen by ${holders.length === 1 ? 'it' : 'them'}. Stop ${holders.length === 1 ? 'it' : 'them'} (Ctrl-C, or kill ${pids}), run ${cliHint('rebuild', { DATA_DIR: ledger.config.dataDir })} again, then start the server. (If no Agent Ledger server runs with that pid, remove ${holders.map((holder) => holder.path).join(', ')}.)`,
    3,
  );
}

function describeReport(report: RebuildReport): string {
  const at = report.position === null ? 'an empty log' : `position ${report.position}`;
  return `Rebuilt the read models from ${report.events.toLocaleString('en-US')} events in ${report.seconds.toFixed(2)} s: ${report.eventsPerSecond.toLocaleString('en-US')} events/s (up to ${at}).`;
}
