import { isSha256 } from '@agent-ledger/blobs';
import type {
  BlobbedOutputType,
  BlobToolResultOutput,
  ContentBlobRef,
  JsonPathStep,
  ToolInputBlob,
} from '@agent-ledger/messages';

/** The blob references a step's response messages carried, by where they go back. */
export interface SentBlobReferences {
  /** Tool outputs uploaded before, by the `toolCallId` of their tool-result part. */
  outputs: ReadonlyMap<string, BlobToolResultOutput>;
  /** Tool-call inputs' values uploaded before (`inputBlobs`), by the call's `toolCallId`. */
  inputs: ReadonlyMap<string, ToolInputBlob[]>;
  /**
   * Long texts and reasoning uploaded before (a text or reasoning part's `blob`), by
   * `textKey(messageIndex, ordinal)`: the response message's index and the part's place among
   * that message's text and reasoning parts.
   */
  texts: ReadonlyMap<string, ContentBlobRef>;
}

/** A step's response messages with their blob references taken out, and those references. */
export interface ExtractedBlobReferences extends SentBlobReferences {
  /** The messages as the AI SDK's schemas accept them (see `extractBlobReferences`). */
  messages: unknown;
  /** A `blob` or `inputBlobs` that is not a reference: the request is refused with these. */
  errors: string[];
}

/** The key of a text or reasoning part in `SentBlobReferences.texts`. */
export function textKey(messageIndex: number, ordinal: number): string {
  return `${messageIndex}/${ordinal}`;
}

const BLOBBED_TYPES: readonly BlobbedOutputType[] = ['text', 'json', 'error-text', 'error-json'];

/**
 * The AI SDK's message schemas know no blob reference, and drop the fields they do not know: a
 * text part's `blob` would go silently, its preview then recorded as the whole text. A client that
 * uploaded large content first (`PUT …/blobs`) refers to it in a step as in an append: a tool
 * output `{ type: 'blob', as, blob: { sha256 } }`, a text or reasoning part's `blob: { sha256,
 * textLength? }`, a tool call's `inputBlobs: [{ path, blob }]`. Those are taken out here before
 * the schemas check the messages, and put back into the runtime messages afterwards
 * (`withBlobReferences`), where the append's conversion checks each against the tenant's blobs
 * and fills it in from the store (never from the caller). A tool output not shaped as a reference
 * is left for the schemas to refuse; a `blob` or `inputBlobs` that is not one is an error.
 */
export function extractBlobReferences(messages: unknown): ExtractedBlobReferences {
  const outputs = new Map<string, BlobToolResultOutput>();
  const inputs = new Map<string, ToolInputBlob[]>();
  const texts = new Map<string, ContentBlobRef>();
  const errors: string[] = [];
  if (!Array.isArray(messages)) return { messages, outputs, inputs, texts, errors };
  const stripped = messages.map((message: unknown, messageIndex) => {
    if (!isRecord(message) || !Array.isArray(message['content'])) return message;
    let ordinal = 0;
    const content = message['content'].map((part: unknown, partIndex) => {
      if (!isRecord(part)) return part;
      const where = `messages[${messageIndex}].content[${partIndex}]`;
      if (part['type'] === 'text' || part['type'] === 'reasoning') {
        const key = textKey(messageIndex, ordinal);
        ordinal += 1;
        if (!('blob' in part)) return part;
        const { blob, ...rest } = part;
        const reference = sentTextBlob(blob);
        if (reference === undefined) {
          errors.push(`${where}.blob must be { sha256: <64 hex digits>, textLength?: number }`);
        } else {
          texts.set(key, reference);
        }
        return rest;
      }
      if (part['type'] === 'tool-call' && 'inputBlobs' in part) {
        const { inputBlobs, ...rest } = part;
        const sent = sentInputBlobs(inputBlobs);
        const toolCallId = part['toolCallId'];
        if (sent === undefined || typeof toolCallId !== 'string') {
          errors.push(
            `${where}.inputBlobs must be [{ path: (string | number)[], blob: { sha256: <64 hex digits>, textLength?: number } }]`,
          );
        } else {
          inputs.set(toolCallId, sent);
        }
        return rest;
      }
      if (part['type'] === 'tool-result' && message['role'] === 'tool') {
        const toolCallId = part['toolCallId'];
        const output = blobOutputOf(part['output']);
        if (typeof toolCallId !== 'string' || output === undefined) return part;
        outputs.set(toolCallId, output);
        return { ...part, output: { type: 'text', value: '' } };
      }
      return part;
    });
    return { ...message, content };
  });
  return { messages: stripped, outputs, inputs, texts, errors };
}

/**
 * A reference as the append's conversion takes it: the other fields are filled in from the stored
 * bytes (`textBlobReference`), never taken; the text length is kept when the size allows it, so a
 * step sent again reads no blob.
 */
function sentTextBlob(blob: unknown): ContentBlobRef | undefined {
  if (!isRecord(blob)) return undefined;
  const sha256 = blob['sha256'];
  if (typeof sha256 !== 'string' || !isSha256(sha256)) return undefined;
  const textLength = blob['textLength'];
  if (textLength !== undefined && typeof textLength !== 'number') return undefined;
  return {
    sha256,
    size: 0,
    mediaType: 'application/octet-stream',
    preview: '',
    ...(typeof textLength === 'number' ? { textLength } : {}),
  };
}

function sentInputBlobs(inputBlobs: unknown): ToolInputBlob[] | undefined {
  if (!Array.isArray(inputBlobs)) return undefined;
  const sent: ToolInputBlob[] = [];
  for (const entry of inputBlobs) {
    if (!isRecord(entry) || !Array.isArray(entry['path'])) return undefined;
    const path: JsonPathStep[] = [];
    for (const step of entry['path'] as unknown[]) {
      if (typeof step !== 'string' && typeof step !== 'number') return undefined;
      path.push(step);
    }
    const blob = sentTextBlob(entry['blob']);
    if (blob === undefined) return undefined;
    sent.push({ path, blob });
  }
  return sent;
}

function blobOutputOf(output: unknown): BlobToolResultOutput | undefined {
  if (!isRecord(output) || output['type'] !== 'blob') return undefined;
  const as = output['as'];
  const blob = sentTextBlob(output['blob']);
  if (!isBlobbedType(as) || blob === undefined) return undefined;
  return { type: 'blob', as, blob };
}

function isBlobbedType(value: unknown): value is BlobbedOutputType {
  return BLOBBED_TYPES.some((type) => type === value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
