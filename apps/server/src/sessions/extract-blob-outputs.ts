import { isSha256 } from '@agent-ledger/blobs';
import type { BlobbedOutputType, BlobToolResultOutput } from '@agent-ledger/messages';

/** A step's response messages with their blob outputs taken out, and those outputs by call. */
export interface ExtractedBlobOutputs {
  /** The messages, each `blob` tool output replaced by an empty text output the AI SDK accepts. */
  messages: unknown;
  /** The blob outputs taken out, by the `toolCallId` of their tool-result part. */
  outputs: Map<string, BlobToolResultOutput>;
}

const BLOBBED_TYPES: readonly BlobbedOutputType[] = ['text', 'json', 'error-text', 'error-json'];

function isBlobbedType(value: unknown): value is BlobbedOutputType {
  return BLOBBED_TYPES.some((type) => type === value);
}

/**
 * The AI SDK's message schemas know no `blob` output, yet a client that uploaded a large tool
 * output first (`PUT …/blobs`) refers to it in the step's tool message as `{ type: 'blob', as,
 * blob: { sha256 } }`, as an append does. Those outputs are taken out here before the AI SDK's
 * schemas check the messages, and put back into the runtime messages afterwards
 * (`withBlobOutputs`), where the append's conversion checks the reference against the tenant's
 * blobs. Anything not shaped as such a reference is left for the schemas to refuse.
 */
export function extractBlobOutputs(messages: unknown): ExtractedBlobOutputs {
  const outputs = new Map<string, BlobToolResultOutput>();
  if (!Array.isArray(messages)) return { messages, outputs };
  const stripped = messages.map((message: unknown) => {
    if (!isRecord(message) || message['role'] !== 'tool' || !Array.isArray(message['content'])) {
      return message;
    }
    const content = message['content'].map((part: unknown) => {
      if (!isRecord(part) || part['type'] !== 'tool-result') return part;
      const toolCallId = part['toolCallId'];
      const output = blobOutputOf(part['output']);
      if (typeof toolCallId !== 'string' || output === undefined) return part;
      outputs.set(toolCallId, output);
      return { ...part, output: { type: 'text', value: '' } };
    });
    return { ...message, content };
  });
  return { messages: stripped, outputs };
}

function blobOutputOf(output: unknown): BlobToolResultOutput | undefined {
  if (!isRecord(output) || output['type'] !== 'blob') return undefined;
  const as = output['as'];
  const blob = output['blob'];
  if (!isBlobbedType(as) || !isRecord(blob)) return undefined;
  const sha256 = blob['sha256'];
  if (typeof sha256 !== 'string' || !isSha256(sha256)) return undefined;
  // The other fields are filled in from the stored bytes (`storeLargeOutputs`), never taken;
  // the text length is kept when the size allows it, so a step sent again reads no blob.
  const textLength = blob['textLength'];
  return {
    type: 'blob',
    as,
    blob: {
      sha256,
      size: 0,
      mediaType: 'application/octet-stream',
      preview: '',
      ...(typeof textLength === 'number' ? { textLength } : {}),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
