import type { BlobToolResultOutput, RuntimeMessage } from '@agent-ledger/messages';

/**
 * The runtime messages of a step with the blob outputs `extractBlobOutputs` took out put back,
 * each into the tool-result part of its `toolCallId`.
 */
export function withBlobOutputs(
  messages: RuntimeMessage[][],
  outputs: ReadonlyMap<string, BlobToolResultOutput>,
): RuntimeMessage[][] {
  if (outputs.size === 0) return messages;
  return messages.map((runs) =>
    runs.map((message) =>
      message.kind !== 'tool_result'
        ? message
        : {
            ...message,
            content: message.content.map((part) => {
              const output = outputs.get(part.toolCallId);
              return output === undefined ? part : { ...part, output };
            }),
          },
    ),
  );
}
