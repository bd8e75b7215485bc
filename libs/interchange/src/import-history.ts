import { InvalidImportSourceError } from './errors';
import { importClaudeCode, type ClaudeCodeFile } from './import-claude-code';
import { importModelMessages } from './import-model-messages';
import { importOpenAiItems } from './import-openai-items';
import { importOpencode } from './import-opencode';
import type { ImportPlan } from './import-plan';
import { importUiMessages, type TimelessImportOptions } from './import-ui-messages';

/** A source to import: Claude Code files as text, the JSON formats parsed. */
export type ImportSource =
  | { format: 'claude-code'; session: ClaudeCodeFile; subagents?: ClaudeCodeFile[] }
  | { format: 'opencode' | 'ui-messages' | 'model-messages' | 'openai-items'; data: unknown };

/**
 * Runs the importer of `source.format`. Claude Code and opencode sources name their session; the
 * AI SDK and OpenAI formats do not, so they need `options.sessionId`.
 */
export function importHistory(
  source: ImportSource,
  options: TimelessImportOptions = {},
): ImportPlan {
  switch (source.format) {
    case 'claude-code':
      return importClaudeCode(
        {
          session: source.session,
          ...(source.subagents === undefined ? {} : { subagents: source.subagents }),
        },
        options,
      );
    case 'opencode':
      return importOpencode(source.data, options);
    case 'ui-messages':
      return importUiMessages(source.data, {
        ...options,
        sessionId: requireSessionId(options, source.format),
      });
    case 'model-messages':
      return importModelMessages(source.data, {
        ...options,
        sessionId: requireSessionId(options, source.format),
      });
    case 'openai-items':
      return importOpenAiItems(source.data, {
        ...options,
        sessionId: requireSessionId(options, source.format),
      });
    default: {
      const unreachable: never = source;
      return unreachable;
    }
  }
}

function requireSessionId(options: TimelessImportOptions, format: string): string {
  if (options.sessionId === undefined) {
    throw new InvalidImportSourceError(
      `${format} carry no session id: name the session to import into`,
    );
  }
  return options.sessionId;
}
