/**
 * The event-store benchmark (`npm run bench -- event-store`): appends per second with 1 and 10
 * events per append, events per second reading a long stream and reading `$all`, for the embedded
 * `SqliteEventStore`, beside raw better-sqlite3 doing the same storage work (the floor) and beside
 * `@event-driven-io/emmett-sqlite` (the nearest peer) when it can be loaded. Medians of several
 * rounds, all in one run; prints the table and writes it to `docs/benchmarks.md`.
 */
import { writeBenchmarkSection } from './benchmark-report';
import { loadEmmettSqlite } from './emmett-sqlite-peer';
import { measureAppends } from './event-store-appends';
import { BenchContext } from './event-store-context';
import { measureReads } from './event-store-reads';
import { eventStoreReport, eventStoreTable, verdictOf } from './event-store-report';

async function main(context: BenchContext): Promise<void> {
  const probe = loadEmmettSqlite(context.newFile());
  if (!('peer' in probe)) console.log(`Peer not run: ${probe.unavailable}`);
  const target = await measureAppends(context, 10, 'full');
  const rows = [
    await measureAppends(context, 1, 'full'),
    target,
    await measureAppends(context, 1, 'normal'),
    await measureAppends(context, 10, 'normal'),
    ...(await measureReads(context)),
  ];
  const verdict = verdictOf(target);
  console.log(`\n${eventStoreTable(rows, 'peer' in probe ? '–' : 'not run')}\n\n${verdict.text}`);
  writeBenchmarkSection(
    'event-store',
    'Event store (`bench/event-store.bench.ts`)',
    eventStoreReport(rows, target, probe, context.peerFailures),
  );
  if (!verdict.holds) process.exitCode = 1;
}

const context = new BenchContext();
main(context)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => context.remove());
