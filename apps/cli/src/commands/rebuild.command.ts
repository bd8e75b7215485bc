import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Command } from 'commander';
import { ProjectionRunner } from '@agent-ledger/read-models';
import type { CliIo } from '../cli-io';
import { sqliteEventStorePath } from '../../../server/src/event-store/create-event-store';
import { withLedger } from '../ledger/with-ledger';
import { rebuildProgressBar } from '../render/rebuild-progress-bar';
import { wholeNumber } from './parse-arguments';

interface RebuildFlags {
  batchSize: number;
  json?: boolean;
  singleThread?: boolean;
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
      'Drop every read model and rebuild it from the log, with a progress bar (rate, ETA) on a terminal. Stop the server first: its projection runner must not write while the tables are rebuilt.',
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
      'read the log on this thread too (by default a second thread reads it when the machine has two cores)',
    )
    .action((flags: RebuildFlags) =>
      withLedger(io, async (ledger) => {
        const store = await ledger.store();
        const db = ledger.readModels({ create: true });
        const runner = new ProjectionRunner({
          store,
          db,
          handlers: ledger.handlers(db),
          batchSize: flags.batchSize,
          // The embedded store is read and checked on a second thread, beside the writes.
          ...(flags.singleThread !== true &&
          availableParallelism() > 1 &&
          ledger.config.eventStore === 'sqlite'
            ? { readAhead: { eventStorePath: sqliteEventStorePath(ledger.config) } }
            : {}),
        });
        const clock = () => performance.now();
        const progress = rebuildProgressBar(io.terminal, clock);
        const startedAt = clock();
        let events = 0;
        let position: number | null;
        try {
          position = await runner.rebuild((reached) => {
            events = reached.processedEvents;
            progress.update(reached);
          });
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

function describeReport(report: RebuildReport): string {
  const at = report.position === null ? 'an empty log' : `position ${report.position}`;
  return `Rebuilt the read models from ${report.events.toLocaleString('en-US')} events in ${report.seconds.toFixed(2)} s: ${report.eventsPerSecond.toLocaleString('en-US')} events/s (up to ${at}).`;
}
