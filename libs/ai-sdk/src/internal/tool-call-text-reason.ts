import type { ToolCallPart } from '@agent-ledger/messages';

/**
 * Why a tool call has to be sent as text (`toolCallText`) rather than as a call, for every
 * provider; undefined when it can be sent as a call.
 *
 * - Provider-executed calls: runtime messages do not record which provider ran them, and no
 *   provider replays another's server tools (`@ai-sdk/anthropic` drops them, `@ai-sdk/google`
 *   sends a function call nobody answers, `@ai-sdk/openai` sends an unanswered function call or
 *   a reference to an item its store may not hold).
 * - Names of `Object.prototype` members (`toString`, `constructor`, `__proto__`): the providers
 *   look tool names up in plain objects, so `@ai-sdk/anthropic` takes such a call for a toolset
 *   tool and drops it, and `@ai-sdk/openai` (Responses) sends it without a name.
 */
export function toolCallTextReason(call: ToolCallPart): string | undefined {
  if (call.providerExecuted === true) return "no provider replays another's server tools";
  if (call.toolName in Object.prototype) {
    return 'AI SDK providers mistake its name for an Object.prototype member';
  }
  return undefined;
}
