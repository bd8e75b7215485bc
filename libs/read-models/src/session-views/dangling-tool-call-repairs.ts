import type { SessionRepair } from './session-repair';
import type { StoredToolCall } from './session-views-store';

/**
 * The `dangling-tool-call` repairs normalization reports, with `repairDanglingToolCalls: false`,
 * for the calls still open at the end of the session so far. They are computed when read, not
 * stored: the next tool result makes one disappear.
 */
export function danglingToolCallRepairs(openCalls: readonly StoredToolCall[]): SessionRepair[] {
  return openCalls.map((call) => ({
    type: 'dangling-tool-call',
    messageId: call.holderId,
    toolCallId: call.toolCallId,
    revision: call.holderRevision,
    detail: `Tool call "${call.toolCallId}" (${call.toolName}) in "${call.holderId}"${call.denied ? ' was denied and' : ''} has no result; left as it is (repair of dangling tool calls is off).`,
  }));
}
