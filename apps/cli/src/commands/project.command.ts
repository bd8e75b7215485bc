import { readFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import JSON5 from 'json5';
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
  createdAt: string;
}

/**
 * The time given to messages without `createdAt` (the seed's example has none): fixed, so the
 * same input always prints the same output.
 */
export const DEFAULT_CREATED_AT = '1970-01-01T00:00:00.000Z';

/** The session id given to messages without `sessionId` when `--session-id` is not set. */
export const DEFAULT_SESSION_ID = 'session';

/** `project`: offline projection of a JSON array of runtime messages, printed as JSON. */
export function projectCommand(io: CliIo): Command {
  const command = new Command('project')
    .description(
      'Project a JSON array of runtime messages (from --input or stdin) into a view and print { messages, diagnostics } as JSON.',
    )
    .addOption(
      new Option('--view <view>', 'the view to compute').choices(CLI_VIEWS).makeOptionMandatory(),
    )
    .option(
      '--input <file>',
      'runtime messages as a JSON array (or a JSON5 / JavaScript array literal, as the seed writes its example); default: stdin',
    )
    .option(
      '--session-id <id>',
      `session id, also given to messages without one (default: the first message’s sessionId, else "${DEFAULT_SESSION_ID}")`,
    )
    .option(
      '--created-at <time>',
      'ISO-8601 time given to messages without createdAt',
      DEFAULT_CREATED_AT,
    );
  return addProjectionOptions(command).action(async (flags: ProjectFlags) => {
    const text = await readInput(flags.input, io);
    const messages = parseInput(text, flags.input ?? 'stdin', flags);
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

function parseInput(text: string, source: string, flags: ProjectFlags): RuntimeMessage[] {
  let value: unknown;
  try {
    value = JSON5.parse(text);
  } catch (error) {
    throw new CliError(
      `${source} is not a JSON (or JSON5) array: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = parseRuntimeMessages(withDefaults(value, flags));
  if (!parsed.ok) {
    throw new CliError(
      `${source} holds invalid runtime messages:\n  ${parsed.errors.join('\n  ')}`,
    );
  }
  return parsed.messages;
}

/**
 * Messages as written in the seed (no `sessionId`, no `createdAt`) get the session id (the flag,
 * else the first message's, else the default) and `--created-at`; given fields are kept.
 */
function withDefaults(value: unknown, flags: ProjectFlags): unknown {
  if (!Array.isArray(value)) return value;
  const sessionId =
    flags.sessionId ??
    value.map((item: unknown) => (isObject(item) ? item['sessionId'] : undefined)).find(isString) ??
    DEFAULT_SESSION_ID;
  return value.map((item: unknown) =>
    isObject(item) ? { sessionId, createdAt: flags.createdAt, ...item } : item,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function contextFrom(flags: ProjectFlags, messages: RuntimeMessage[]): ProjectionContext {
  const lastAgent = messages.findLast((message) => message.metadata?.agentName !== undefined)
    ?.metadata?.agentName;
  return {
    ...projectionOptions(flags),
    sessionId: flags.sessionId ?? messages[0]?.sessionId ?? DEFAULT_SESSION_ID,
    activeAgentName: flags.activeAgent ?? lastAgent ?? 'default',
  };
}
