import { Command, CommanderError } from 'commander';
import type { CliIo } from './cli-io';
import { diffCommand } from './commands/diff.command';
import { eraseCommand } from './commands/erase.command';
import { erasuresCommand } from './commands/erasures.command';
import { eventsCommand } from './commands/events.command';
import { exportCommand } from './commands/export.command';
import { importCommand } from './commands/import.command';
import { keysCommand } from './commands/keys.command';
import { mcpCommand } from './commands/mcp.command';
import { forkCommand, rewindCommand } from './commands/lifecycle.command';
import { projectCommand } from './commands/project.command';
import { rebuildCommand } from './commands/rebuild.command';
import { replayCommand } from './commands/replay.command';
import { retentionCommand } from './commands/retention.command';
import { searchCommand } from './commands/search.command';
import { sessionsCommand } from './commands/sessions.command';
import { statsCommand } from './commands/stats.command';
import { verifyCommand } from './commands/verify.command';
import { toCliError } from './to-cli-error';

/** Builds the `agent-ledger` program; commands write to `io`, never to the process directly. */
export function createProgram(io: CliIo): Command {
  const program = new Command('agent-ledger')
    .description(
      'Agent Ledger: project, replay and audit AI-agent runtime message logs. Commands other than `project` read the store the server writes, configured by the same environment (DATA_DIR, EVENT_STORE, EVENTSTORE_CONNECTION_STRING, EXPORT_REDACTION…).',
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Usage errors too are one line, in the same `agent-ledger: …` form as the others.
      outputError: (text, write) =>
        write(
          `agent-ledger: ${text
            .replace(/^error: /, '')
            .replace(/\s*\n\s*/g, ' ')
            .trim()} (run with --help for usage)\n`,
        ),
    });
  const commands = [
    projectCommand(io),
    sessionsCommand(io),
    eventsCommand(io),
    replayCommand(io),
    diffCommand(io),
    verifyCommand(io),
    rebuildCommand(io),
    exportCommand(io),
    importCommand(io),
    forkCommand(io),
    rewindCommand(io),
    searchCommand(io),
    statsCommand(io),
    keysCommand(io),
    eraseCommand(io),
    erasuresCommand(io),
    retentionCommand(io),
    mcpCommand(io),
  ];
  for (const command of commands) {
    program.addCommand(command.exitOverride().configureOutput(program.configureOutput()));
  }
  return program;
}

/**
 * Runs the CLI and resolves to its exit code. Known errors (`CliError`, and the store's, the read
 * side's and the configuration's errors) become one line on stderr;
 * anything else is reported as an internal error, still without a stack trace unless DEBUG is set.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await createProgram(io).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or help, for exit code 0).
      return error.exitCode === 0 ? 0 : 2;
    }
    const known = toCliError(error);
    if (known !== undefined) {
      io.stderr.write(`agent-ledger: ${known.message}\n`);
      return known.exitCode;
    }
    const detail = (error instanceof Error ? error.message : String(error)).replace(
      /\s*\n\s*/g,
      ' ',
    );
    io.stderr.write(`agent-ledger: internal error: ${detail}\n`);
    if (process.env.DEBUG !== undefined && error instanceof Error)
      io.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
