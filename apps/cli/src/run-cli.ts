import { Command, CommanderError } from 'commander';
import { CliError } from './cli-error';
import type { CliIo } from './cli-io';
import { projectCommand } from './commands/project.command';

/** Builds the `agent-ledger` program; commands write to `io`, never to the process directly. */
export function createProgram(io: CliIo): Command {
  const program = new Command('agent-ledger')
    .description('Agent Ledger: project, replay and audit AI-agent runtime message logs.')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(run with --help for usage)');
  for (const command of [projectCommand(io)]) {
    program.addCommand(command.exitOverride().configureOutput(program.configureOutput()));
  }
  return program;
}

/**
 * Runs the CLI and resolves to its exit code. Known errors become one line on stderr;
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
    if (error instanceof CliError) {
      io.stderr.write(`agent-ledger: ${error.message}\n`);
      return error.exitCode;
    }
    const detail = error instanceof Error ? error.message : String(error);
    io.stderr.write(`agent-ledger: internal error: ${detail}\n`);
    if (process.env.DEBUG !== undefined && error instanceof Error)
      io.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
