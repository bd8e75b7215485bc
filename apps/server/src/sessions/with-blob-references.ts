import type { RuntimeMessage } from '@agent-ledger/messages';
import { textKey, type SentBlobReferences } from './extract-blob-references';

/**
 * The runtime messages of a step (one list per response message, as `modelCallOfAiSdkStep` makes
 * them) with the blob references `extractBlobReferences` took out put back: each tool output into
 * the tool-result part of its `toolCallId`, each tool input's `inputBlobs` into its tool call,
 * each text or reasoning `blob` into the part at its place among the response message's text and
 * reasoning parts (the conversion keeps them in order, one runtime part for each).
 */
export function withBlobReferences(
  messages: RuntimeMessage[][],
  sent: SentBlobReferences,
): RuntimeMessage[][] {
  if (sent.outputs.size === 0 && sent.inputs.size === 0 && sent.texts.size === 0) return messages;
  return messages.map((runs, messageIndex) => {
    let ordinal = 0;
    const textBlob = () => {
      const blob = sent.texts.get(textKey(messageIndex, ordinal));
      ordinal += 1;
      return blob;
    };
    return runs.map((message): RuntimeMessage => {
      if (message.kind === 'tool_result') {
        return {
          ...message,
          content: message.content.map((part) => {
            const output = sent.outputs.get(part.toolCallId);
            return output === undefined ? part : { ...part, output };
          }),
        };
      }
      if (message.kind === 'tool_call') {
        return {
          ...message,
          content: message.content.map((part) => {
            const inputBlobs = sent.inputs.get(part.toolCallId);
            return inputBlobs === undefined ? part : { ...part, inputBlobs };
          }),
        };
      }
      if (message.kind === 'assistant_reasoning' && typeof message.content !== 'string') {
        return {
          ...message,
          content: message.content.map((part) => {
            const blob = textBlob();
            return blob === undefined ? part : { ...part, blob };
          }),
        };
      }
      if (message.kind === 'assistant_text' && typeof message.content !== 'string') {
        return {
          ...message,
          content: message.content.map((part) => {
            if (part.type !== 'text') return part;
            const blob = textBlob();
            return blob === undefined ? part : { ...part, blob };
          }),
        };
      }
      return message;
    });
  });
}
