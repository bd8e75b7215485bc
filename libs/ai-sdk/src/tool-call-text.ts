import type {
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultOutput,
} from '@agent-ledger/messages';

/**
 * The assistant text that stands for a tool call the provider cannot replay as a call, with its
 * approval and its result, e.g.
 * `[Provider tool "web_search" was called with {"query":"ai sdk"} and returned: []]`.
 *
 * Used for every provider-executed call (runtime messages do not record which provider ran it,
 * and a provider replays only its own server tools) and for calls whose tool name the AI SDK's
 * providers mistake for an `Object.prototype` member (`toString`, `constructor`). The tool name
 * is quoted, so a blank name stays visible.
 */
export function toolCallText(
  call: Pick<ToolCallPart, 'toolName' | 'input' | 'providerExecuted'>,
  result: ToolResultOutput | undefined,
  approvalResponses: ReadonlyArray<Pick<ToolApprovalResponsePart, 'approved' | 'reason'>> = [],
): string {
  const tool = call.providerExecuted === true ? 'Provider tool' : 'Tool';
  const called = `${tool} ${JSON.stringify(call.toolName)} was called with ${JSON.stringify(call.input)}`;
  return `[${called}${approvalText(approvalResponses)}${resultText(result)}]`;
}
function approvalText(
  responses: ReadonlyArray<Pick<ToolApprovalResponsePart, 'approved' | 'reason'>>,
): string {
  if (responses.length === 0) return '';
  const denial = responses.find((response) => !response.approved);
  if (denial === undefined) return ' (approval granted)';
  return denial.reason === undefined
    ? ' (approval denied)'
    : ` (approval denied: ${denial.reason})`;
}

function resultText(output: ToolResultOutput | undefined): string {
  if (output === undefined) return '; no result was recorded';
  switch (output.type) {
    case 'text':
      return ` and returned: ${orEmpty(output.value)}`;
    case 'json':
      return ` and returned: ${JSON.stringify(output.value)}`;
    case 'error-text':
      return ` and failed: ${orEmpty(output.value)}`;
    case 'error-json':
      return ` and failed: ${JSON.stringify(output.value)}`;
    case 'content':
      return ` and returned: ${orEmpty(
        output.value
          .map((item) => (item.type === 'text' ? item.text : `[${item.mediaType} data]`))
          .join('\n'),
      )}`;
    case 'execution-denied':
      return output.reason === undefined
        ? ' and was not executed'
        : ` and was not executed: ${output.reason}`;
    case 'blob':
      // The model view inlines blobs before serializing; a blob met here shows its preview.
      return `${output.as.startsWith('error') ? ' and failed' : ' and returned'}: ${orEmpty(output.blob.preview)} [... ${output.blob.size} bytes in blob ${output.blob.sha256}]`;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}

function orEmpty(text: string): string {
  return text.trim() === '' ? '(empty)' : text;
}
