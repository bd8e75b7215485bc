import type { Command } from 'commander';
import type { ProjectionContext } from '@agent-ledger/projections';
import { wholeNumber } from './parse-arguments';

/** The projection flags, as commander parses them. */
export interface ProjectionFlags {
  activeAgent?: string;
  provider?: string;
  modelRef?: string;
  includeReasoning?: boolean;
  includeToolResults?: boolean;
  toolResultSoftLimit?: number;
  applyCompactBoundary?: boolean;
  injectRuntimeReminder?: boolean;
}

/** The projection context the flags set; unset flags keep the projections' defaults. */
export type ProjectionOptions = Partial<Omit<ProjectionContext, 'sessionId'>>;

/** Adds the seed's `ProjectionContext` options as flags (`project`, `replay`, `diff`). */
export function addProjectionOptions(command: Command): Command {
  return command
    .option(
      '--active-agent <name>',
      'active agent name (default: the last agent named in the messages, else "default")',
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
      wholeNumber(1, 'a number of characters'),
    )
    .option(
      '--apply-compact-boundary',
      'start the model view at the latest compact boundary (default)',
    )
    .option('--no-apply-compact-boundary', 'ignore compact boundaries')
    .option('--inject-runtime-reminder', 'include runtime reminders (default)')
    .option('--no-inject-runtime-reminder', 'leave runtime reminders out');
}

/** The projection context set by the flags (the session id and default agent are the caller's). */
export function projectionOptions(flags: ProjectionFlags): ProjectionOptions {
  const options: ProjectionOptions = {};
  if (flags.activeAgent !== undefined) options.activeAgentName = flags.activeAgent;
  if (flags.provider !== undefined) options.provider = flags.provider;
  if (flags.modelRef !== undefined) options.modelRef = flags.modelRef;
  if (flags.includeReasoning !== undefined) options.includeReasoning = flags.includeReasoning;
  if (flags.includeToolResults !== undefined) options.includeToolResults = flags.includeToolResults;
  if (flags.toolResultSoftLimit !== undefined)
    options.toolResultSoftLimitChars = flags.toolResultSoftLimit;
  if (flags.applyCompactBoundary !== undefined)
    options.applyCompactBoundary = flags.applyCompactBoundary;
  if (flags.injectRuntimeReminder !== undefined)
    options.injectRuntimeReminder = flags.injectRuntimeReminder;
  return options;
}
