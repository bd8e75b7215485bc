import type {
  FilePart,
  ProviderOptions,
  ReasoningPart,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultContentItem,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import { UnsupportedAiSdkPartError } from '../errors';
import { stringField } from './string-field';
import { toJsonObject, toJsonValue } from './to-json-value';

type AiSdkAssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type AiSdkToolPart = ToolModelMessage['content'][number];
type AiSdkPart = AiSdkAssistantPart | AiSdkToolPart;
type AiSdkOutput = Extract<AiSdkPart, { type: 'tool-result' }>['output'];
type AiSdkOutputItem = Extract<AiSdkOutput, { type: 'content' }>['value'][number];
type AiSdkFileData = Extract<AiSdkPart, { type: 'file' }>['data'];

/** A part of a runtime message, converted from an AI SDK response part. */
export type RuntimePart =
  | TextPart
  | FilePart
  | ReasoningPart
  | ToolCallPart
  | ToolResultPart
  | ToolApprovalRequestPart
  | ToolApprovalResponsePart;

/**
 * Converts one AI SDK response part to its runtime-message (plain JSON) form: binary file data
 * becomes base64, a `URL` its string, tool inputs and outputs are checked to be JSON.
 * An approval request keeps `signature` and `inputSchemaInput` (the next `generateText` checks
 * them). Fields the runtime types have no place for are not kept: an approval response's
 * `providerExecuted` (the serializer never sends provider-executed calls as calls, so the AI SDK
 * never needs it back), tool outputs' `providerOptions`, a `file-data` item's `filename`.
 * Unknown part types throw.
 */
export function fromAiSdkPart(part: AiSdkPart, location: string): RuntimePart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text, ...options(part.providerOptions, location) };
    case 'reasoning':
      return { type: 'reasoning', text: part.text, ...options(part.providerOptions, location) };
    case 'file':
      return {
        type: 'file',
        data: dataToString(part.data),
        mediaType: part.mediaType,
        ...(part.filename === undefined ? {} : { filename: part.filename }),
        ...options(part.providerOptions, location),
      };
    case 'tool-call':
      return {
        type: 'tool-call',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: toJsonValue(part.input, `${location}, input`),
        ...(part.providerExecuted === undefined ? {} : { providerExecuted: part.providerExecuted }),
        ...options(part.providerOptions, location),
      };
    case 'tool-result':
      return {
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        output: fromAiSdkOutput(part.output, location),
        ...options(part.providerOptions, location),
      };
    case 'tool-approval-request':
      return {
        type: 'tool-approval-request',
        approvalId: part.approvalId,
        toolCallId: part.toolCallId,
        ...(part.signature === undefined ? {} : { signature: part.signature }),
        ...(part.inputSchemaInput === undefined
          ? {}
          : {
              inputSchemaInput: toJsonValue(part.inputSchemaInput, `${location}, inputSchemaInput`),
            }),
      };
    case 'tool-approval-response':
      return {
        type: 'tool-approval-response',
        approvalId: part.approvalId,
        approved: part.approved,
        ...(part.reason === undefined ? {} : { reason: part.reason }),
      };
    default: {
      const unreachable: never = part;
      throw new UnsupportedAiSdkPartError(stringField(unreachable, 'type'), location);
    }
  }
}

function fromAiSdkOutput(output: AiSdkOutput, location: string): ToolResultOutput {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return { type: output.type, value: output.value };
    case 'json':
    case 'error-json':
      return { type: output.type, value: toJsonValue(output.value, `${location}, output.value`) };
    case 'execution-denied':
      return {
        type: 'execution-denied',
        ...(output.reason === undefined ? {} : { reason: output.reason }),
      };
    case 'content':
      return {
        type: 'content',
        value: output.value.map((item, index) =>
          fromAiSdkOutputItem(item, `${location}, output.value[${index}]`),
        ),
      };
    default: {
      const unreachable: never = output;
      throw new UnsupportedAiSdkPartError(
        `tool output ${stringField(unreachable, 'type')}`,
        location,
      );
    }
  }
}

function fromAiSdkOutputItem(item: AiSdkOutputItem, location: string): ToolResultContentItem {
  switch (item.type) {
    case 'text':
      return { type: 'text', text: item.text };
    case 'media':
    case 'image-data':
    case 'file-data':
      // `media` is the AI SDK 5 form of both `image-data` and `file-data`.
      return { type: 'media', data: item.data, mediaType: item.mediaType };
    case 'file-url':
    case 'image-url':
    case 'file-id':
    case 'image-file-id':
    case 'custom':
      throw new UnsupportedAiSdkPartError(`tool output content item ${item.type}`, location);
    default: {
      const unreachable: never = item;
      throw new UnsupportedAiSdkPartError(
        `tool output content item ${stringField(unreachable, 'type')}`,
        location,
      );
    }
  }
}

function options(
  providerOptions: Extract<AiSdkPart, { type: 'text' }>['providerOptions'],
  location: string,
): { providerOptions?: ProviderOptions } {
  if (providerOptions === undefined) return {};
  const converted: ProviderOptions = {};
  for (const [provider, value] of Object.entries(providerOptions)) {
    converted[provider] = toJsonObject(value, `${location}, providerOptions.${provider}`);
  }
  return { providerOptions: converted };
}

function dataToString(data: AiSdkFileData): string {
  if (typeof data === 'string') return data;
  if (data instanceof URL) return data.toString();
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('base64');
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}
