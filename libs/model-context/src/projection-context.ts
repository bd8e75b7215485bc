import type { RuntimeMessage } from '@agent-ledger/messages';
import { lastAgentName, type ProjectionContext } from '@agent-ledger/projections';
import type { ModelContextQuery } from './model-context';

/**
 * The projection context of a model-context query: its projection options, with the session and
 * the active agent (the query's, else the latest one the messages name, else `default`).
 */
export function projectionContext(
  sessionId: string,
  query: ModelContextQuery,
  messages: readonly RuntimeMessage[],
): ProjectionContext {
  const {
    atRevision: _at,
    format: _format,
    recentUserTurns: _turns,
    repairDanglingToolCalls: _repair,
    systemMessages: _systemMessages,
    instructions: _instructions,
    keepRecentTurns: _keepRecentTurns,
    call: _call,
    maxInputTokens: _maxInputTokens,
    cacheBreakpoints: _cacheBreakpoints,
    ...options
  } = query;
  return {
    ...options,
    sessionId,
    activeAgentName: query.activeAgentName ?? lastAgentName(messages) ?? 'default',
  };
}
