import { anthropicRequestViolations } from '@agent-ledger/ai-sdk/testing';
import type { ModelCall } from '../scenario/session-record';
import { arrayOf, recordOf } from '../wire/wire-format';
import { readCall } from './read-call';

/**
 * Validity before intent: an Anthropic request breaks none of the Messages API's rules
 * (`anthropicRequestViolations`), and one that holds `tool_use` or `tool_result` blocks defines
 * tools, which the API requires.
 */
export function anthropicValidityViolations(call: ModelCall): string[] {
  if (call.provider !== 'anthropic') return [];
  const { body, facts } = readCall(call);
  const definesTools = arrayOf(recordOf(body)?.['tools']).length > 0;
  return [
    ...anthropicRequestViolations(body),
    ...((facts.toolCallIds.length > 0 || facts.toolResults.size > 0) && !definesTools
      ? ['the request holds tool_use or tool_result blocks but defines no tools']
      : []),
  ].map((violation) => `${call.label}: ${violation}`);
}
