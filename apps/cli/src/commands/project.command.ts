import { readFile } from 'node:fs/promises';
import { Command, InvalidArgumentError, Option } from 'commander';
import { parseRuntimeMessages } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ProjectionContext } from '@agent-ledger/projections';
import { CliError } from '../cli-error';
import { readAllText, type CliIo } from '../cli-io';
import { CLI_VIEWS, runProjection, type CliView } from '../run-projection';

interface ProjectFlags {
  view: CliView;
  input?: string;
  sessionId?: string;
  activeAgent?: string;
  provider?: string;
  modelRef?: string;
  includeReasoning?: boolean;
  includeToolResults?: boolean;
  toolResultSoftLimit?: number;
  applyCompactBoundary?: boolean;
  injectRuntimeReminder?: boolean;
}

/** `project`: offline projection of a JSON array of runtime messages, printed as JSON. */
export function projectCommand(io: CliIo): Command {
  return new Command('project')
    .description(
      'Project a JSON array of runtime messages (from --input or stdin) into a view and print { messages, diagnostics } as JSON.',
    )
    .addOption(
      new Option('--view <view>', 'the view to compute').choices(CLI_VIEWS).makeOptionMandatory(),
    )
    .option('--input <file>', 'JSON file of runtime messages (default: stdin)')
    .option('--session-id <id>', 'session id (default: the first message’s sessionId)')
    .option(
      '--active-agent <name>',
      'active agent name (default: the last agentName seen, else "default")',
    )
    .option('--provider <provider>', 'target provider: anthropic, openai, google, …')
    .option('--model-ref <ref>', 'model reference, e.g. anthropic/claude-sonnet-4-5')
    .option('--include-reasoning', 'send assistant reasoning to the model')
    .option('--no-include-reasoning', 'never send assistant reasoning')
    .option('--include-tool-results', 'send tool results (default)')
    .option('--no-include-tool-results', 'replace every tool result by a stub')
    .option(
      '--tool-result-soft-limit <chars>',
      'truncate tool results longer than this',
      parsePositiveInteger,
    )
    .option(
      '--apply-compact-boundary',
      'start the model view at the latest compact boundary (default)',
    )
    .option('--no-apply-compact-boundary', 'ignore compact boundaries')
    .option('--inject-runtime-reminder', 'include runtime reminders (default)')
    .option('--no-inject-runtime-reminder', 'leave runtime reminders out')
    .action(async (flags: ProjectFlags) => {
      const text = await readInput(flags.input, io);
      const messages = parseInput(text, flags.input ?? 'stdin');
      const result = runProjection(messages, flags.view, contextFrom(flags, messages));
      io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    });
}

function parsePositiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new InvalidArgumentError('expected a positive whole number of characters.');
  }
  return parsed;
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
  const context: ProjectionContext = {
    sessionId: flags.sessionId ?? messages[0]?.sessionId ?? 'unknown',
    activeAgentName: flags.activeAgent ?? lastAgent ?? 'default',
  };
  if (flags.provider !== undefined) context.provider = flags.provider;
  if (flags.modelRef !== undefined) context.modelRef = flags.modelRef;
  if (flags.includeReasoning !== undefined) context.includeReasoning = flags.includeReasoning;
  if (flags.includeToolResults !== undefined) context.includeToolResults = flags.includeToolResults;
  if (flags.toolResultSoftLimit !== undefined)
    context.toolResultSoftLimitChars = flags.toolResultSoftLimit;
  if (flags.applyCompactBoundary !== undefined)
    context.applyCompactBoundary = flags.applyCompactBoundary;
  if (flags.injectRuntimeReminder !== undefined)
    context.injectRuntimeReminder = flags.injectRuntimeReminder;
  return context;
}
