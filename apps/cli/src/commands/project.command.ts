import { readFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import { messageRecorded, parseRuntimeMessages } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ProjectionContext } from '@agent-ledger/projections';
import { CliError } from '../cli-error';
import { readAllText, type CliIo } from '../cli-io';
import { CLI_VIEWS, runProjection, type CliView } from '../run-projection';
import {
  addProjectionOptions,
  projectionOptions,
  type ProjectionFlags,
} from './projection-options';

interface ProjectFlags extends ProjectionFlags {
  view: CliView;
  input?: string;
  sessionId?: string;
}

/** `project`: offline projection of a JSON array of runtime messages, printed as JSON. */
export function projectCommand(io: CliIo): Command {
  const command = new Command('project')
    .description(
      'Project a JSON array of runtime messages (from --input or stdin) into a view and print { messages, diagnostics } as JSON.',
    )
    .addOption(
      new Option('--view <view>', 'the view to compute').choices(CLI_VIEWS).makeOptionMandatory(),
    )
    .option('--input <file>', 'JSON file of runtime messages (default: stdin)')
    .option('--session-id <id>', 'session id (default: the first message’s sessionId)');
  return addProjectionOptions(command).action(async (flags: ProjectFlags) => {
    const text = await readInput(flags.input, io);
    const messages = parseInput(text, flags.input ?? 'stdin');
    const result = runProjection(
      messages.map(messageRecorded),
      flags.view,
      contextFrom(flags, messages),
    );
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  });
}

async function readInput(file: string | undefined, io: CliIo): Promise<string> {
  if (file !== undefined) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new CliError(
        `Cannot read --input ${file}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (io.stdin.isTTY === true) {
    throw new CliError(
      'No input: pass --input FILE or pipe a JSON array of runtime messages to stdin.',
      2,
    );
  }
  return readAllText(io.stdin);
}

function parseInput(text: string, source: string): RuntimeMessage[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `${source} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = parseRuntimeMessages(value);
  if (!parsed.ok) {
    throw new CliError(
      `${source} holds invalid runtime messages:\n  ${parsed.errors.join('\n  ')}`,
    );
  }
  return parsed.messages;
}

function contextFrom(flags: ProjectFlags, messages: RuntimeMessage[]): ProjectionContext {
  const lastAgent = messages.findLast((message) => message.metadata?.agentName !== undefined)
    ?.metadata?.agentName;
  return {
    ...projectionOptions(flags),
    sessionId: flags.sessionId ?? messages[0]?.sessionId ?? 'unknown',
    activeAgentName: flags.activeAgent ?? lastAgent ?? 'default',
  };
}
