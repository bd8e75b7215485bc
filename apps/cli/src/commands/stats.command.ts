import { SessionNotFoundError } from '@agent-ledger/events';
import { Command, Option } from 'commander';
import type { AnalyticsGroup, AnalyticsGroupBy } from '@agent-ledger/projections';
import { AnalyticsReader, SessionListReader } from '@agent-ledger/read-models';
import { summarizeAnalytics } from '@agent-ledger/projections';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';
import { withLedger } from '../ledger/with-ledger';
import { formatTable } from '../render/format-table';
import { renderSessionAnalytics } from '../render/render-session-analytics';

interface StatsFlags {
  groupBy: AnalyticsGroupBy;
  from?: string;
  to?: string;
  json?: boolean;
}

/** `stats`: the analytics view, for one session or across sessions by group. */
export function statsCommand(io: CliIo): Command {
  return new Command('stats')
    .description(
      "Token, tool and compaction figures from the analytics read model: one session's (with SESSION), or across sessions grouped by day, agent, model or tool (docs/analytics.md).",
    )
    .argument('[sessionId]', 'the session (default: every session, grouped)')
    .addOption(
      new Option('--group-by <group>', 'across sessions: group by')
        .choices(['day', 'agent', 'model', 'tool'])
        .default('day'),
    )
    .option(
      '--from <time>',
      'across sessions: from this instant (ISO-8601), included',
      instant('--from'),
    )
    .option(
      '--to <time>',
      'across sessions: until this instant (ISO-8601), excluded',
      instant('--to'),
    )
    .option('--json', 'print the figures as JSON')
    .action((sessionId: string | undefined, flags: StatsFlags) =>
      withLedger(io, (ledger) => {
        const db = ledger.readModels();
        const reader = new AnalyticsReader(db);
        if (sessionId !== undefined) {
          let figures = reader.session(sessionId);
          if (figures === undefined) {
            if (new SessionListReader(db).session(sessionId) === undefined)
              throw new SessionNotFoundError(sessionId);
            figures = summarizeAnalytics(sessionId, [], []);
          }
          io.stdout.write(
            `${flags.json === true ? JSON.stringify(figures, null, 2) : renderSessionAnalytics(figures)}\n`,
          );
          return Promise.resolve();
        }
        const range = {
          ...(flags.from === undefined ? {} : { from: flags.from }),
          ...(flags.to === undefined ? {} : { to: flags.to }),
        };
        const groups = reader.groups(flags.groupBy, range);
        io.stdout.write(
          `${flags.json === true ? JSON.stringify({ groupBy: flags.groupBy, from: flags.from ?? null, to: flags.to ?? null, groups }, null, 2) : renderGroups(flags.groupBy, groups)}\n`,
        );
        return Promise.resolve();
      }),
    );
}

function instant(flag: string): (value: string) => string {
  return (value) => {
    const time = Date.parse(value);
    if (Number.isNaN(time))
      throw new CliError(
        `${flag} ${JSON.stringify(value)} is not a date or time; expected ISO-8601, e.g. 2026-01-31.`,
      );
    return new Date(time).toISOString();
  };
}

function renderGroups(groupBy: AnalyticsGroupBy, groups: readonly AnalyticsGroup[]): string {
  return formatTable(
    [
      groupBy.toUpperCase(),
      'SESSIONS',
      'MESSAGES',
      'TURNS',
      'MODEL CALLS',
      'INPUT',
      'OUTPUT',
      'REASONING',
      'CACHED',
      'TOOL CALLS',
      'TOOL ERRORS',
    ],
    groups.map((group) => [
      group.key,
      String(group.sessions),
      String(group.messages),
      String(group.turns),
      String(group.modelCalls),
      String(group.tokens.input),
      String(group.tokens.output),
      String(group.tokens.reasoning),
      String(group.tokens.cachedInput),
      String(group.toolCalls),
      String(group.toolErrors),
    ]),
  );
}
