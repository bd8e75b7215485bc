import { SessionNotFoundError } from '@agent-ledger/events';
import { Command } from 'commander';
import { SearchQuerySyntaxError } from '@agent-ledger/projections';
import { SearchReader, SessionListReader, exportRedaction } from '@agent-ledger/read-models';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { withLedger } from '../ledger/with-ledger';
import { formatTable } from '../render/format-table';
import { wholeNumber } from './parse-arguments';

interface SearchFlags {
  session?: string;
  limit: number;
  raw?: boolean;
  json?: boolean;
}

/** `search`: the search view, ranked, as a table of hits or JSON. */
export function searchCommand(io: CliIo): Command {
  return new Command('search')
    .description(
      'Search every recorded message (what compaction and pruning took out of the model\'s view included), ranked, from the search read model. Query syntax: words, prefix*, "phrases", OR, NOT / -word, ( ), filters kind: role: tool: agent: session: from: to: (docs/search.md).',
    )
    .argument('<query>', 'the query, quoted for the shell')
    .option('--session <sessionId>', 'search this session only')
    .option('--limit <n>', 'at most this many hits', wholeNumber(1, 'a count'), 20)
    .option('--raw', 'snippets without the export redaction')
    .option('--json', 'print { results, nextCursor } as JSON')
    .action((query: string, flags: SearchFlags) =>
      withLedger(io, (ledger) => {
        const db = ledger.readModels();
        if (
          flags.session !== undefined &&
          new SessionListReader(db).session(flags.session) === undefined
        ) {
          throw new SessionNotFoundError(flags.session);
        }
        const redaction = exportRedaction(ledger.readModelConfig.exportPolicy).redact;
        let page;
        try {
          page = new SearchReader(db).search({
            query,
            limit: Math.min(flags.limit, 200),
            ...(flags.session === undefined ? {} : { sessionId: flags.session }),
            // Unredacted snippets match the text as recorded; redacted ones, the redacted index.
            ...(flags.raw === true || typeof redaction !== 'function'
              ? { index: 'recorded' }
              : { redact: redaction, index: 'redacted' }),
          });
        } catch (error) {
          if (error instanceof SearchQuerySyntaxError) throw new CliError(error.message);
          throw error;
        }
        if (flags.json === true) {
          io.stdout.write(
            `${JSON.stringify({ results: page.results, nextCursor: page.nextCursor ?? null }, null, 2)}\n`,
          );
          return Promise.resolve();
        }
        io.stdout.write(
          `${formatTable(
            ['SESSION', 'MESSAGE', 'KIND', 'REVISION', 'VISIBILITY', 'SCORE', 'SNIPPET'],
            page.results.map((result) => [
              result.sessionId,
              result.messageId,
              result.kind,
              String(result.revision),
              result.visibility,
              result.score.toFixed(2),
              result.snippet,
            ]),
          )}\n`,
        );
        if (page.nextCursor !== undefined) {
          io.stderr.write(`(more hits: raise --limit above ${flags.limit} to see them)\n`);
        }
        return Promise.resolve();
      }),
    );
}
