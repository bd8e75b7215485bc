import type { ModelCallRecordedEvent } from '@agent-ledger/events';
import type {
  ContentBlobRef,
  JsonValue,
  RuntimeMessage,
  ToolResultOutput,
} from '@agent-ledger/messages';
import type { ModelMessage as AiSdkModelMessage } from 'ai';

/** A part of an OpenTelemetry GenAI message (`gen_ai.input.messages` / `gen_ai.output.messages`). */
export type OtelPart =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: JsonValue }
  | { type: 'tool_call_response'; id: string; response: JsonValue }
  | { type: 'blob'; modality: string; mime_type?: string; content: string }
  | {
      type: 'uri';
      modality: string;
      mime_type?: string;
      uri: string;
      /** A ledger blob's size in bytes (`uri` is then `blob:sha256:<hex>`). */
      size?: number;
      /** A ledger blob's preview: its first characters, empty for binary content. */
      preview?: string;
    }
  | { type: string; [key: string]: JsonValue };

/** A message of `gen_ai.input.messages`. */
export interface OtelChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  parts: OtelPart[];
}

/** A message of `gen_ai.output.messages`. */
export interface OtelOutputMessage extends OtelChatMessage {
  finish_reason: string;
}

/** One recorded model call with what the model saw and said. */
export interface OtelModelCallSource {
  call: ModelCallRecordedEvent['data'];
  /** The model context the call was made from (`ai-sdk-prompt`: system text and messages). */
  prompt: { system: string | undefined; messages: AiSdkModelMessage[] };
  /** The runtime messages the call produced (`call.messageIds`). */
  output: RuntimeMessage[];
}

/** One model call as the OpenTelemetry GenAI semantic conventions' attributes of its span. */
export interface OtelModelCall {
  callId: string;
  recordedAt: string;
  attributes: Record<string, JsonValue>;
}

const FINISH_REASONS: Record<string, string> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  'tool-calls': 'tool_call',
  error: 'error',
};

/**
 * Each recorded model call as the attributes of an OpenTelemetry GenAI `chat` span
 * (`gen_ai.*`): provider, model, response id, finish reasons, token usage, and the structured
 * `gen_ai.system_instructions`, `gen_ai.input.messages` (the model context as of the call) and
 * `gen_ai.output.messages` (what it answered), in the shapes of the conventions' JSON schemas.
 */
export function toOtelGenAi(
  sessionId: string,
  calls: readonly OtelModelCallSource[],
): OtelModelCall[] {
  return calls.map(({ call, prompt, output }) => {
    const usage = call.usage ?? {};
    const finishReason = FINISH_REASONS[call.finishReason ?? 'stop'] ?? call.finishReason ?? 'stop';
    const attributes: Record<string, JsonValue> = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': providerName(call.provider),
      'gen_ai.conversation.id': sessionId,
      ...(call.modelId === undefined
        ? {}
        : { 'gen_ai.request.model': call.modelId, 'gen_ai.response.model': call.modelId }),
      ...(call.responseId === undefined ? {} : { 'gen_ai.response.id': call.responseId }),
      ...(call.agentName === undefined ? {} : { 'gen_ai.agent.name': call.agentName }),
      'gen_ai.response.finish_reasons': [finishReason],
      ...(usage.inputTokens === undefined
        ? {}
        : { 'gen_ai.usage.input_tokens': usage.inputTokens }),
      ...(usage.outputTokens === undefined
        ? {}
        : { 'gen_ai.usage.output_tokens': usage.outputTokens }),
      ...(usage.inputTokenDetails?.cacheReadTokens === undefined
        ? {}
        : { 'gen_ai.usage.cache_read.input_tokens': usage.inputTokenDetails.cacheReadTokens }),
      ...(usage.inputTokenDetails?.cacheWriteTokens === undefined
        ? {}
        : { 'gen_ai.usage.cache_creation.input_tokens': usage.inputTokenDetails.cacheWriteTokens }),
      'gen_ai.system_instructions':
        prompt.system === undefined || prompt.system === ''
          ? []
          : [{ type: 'text', content: prompt.system }],
      'gen_ai.input.messages': prompt.messages.map(inputMessage) as unknown as JsonValue,
      'gen_ai.output.messages': [
        { role: 'assistant', parts: output.flatMap(outputParts), finish_reason: finishReason },
      ],
    };
    return { callId: call.callId, recordedAt: call.recordedAt, attributes };
  });
}

/** The conventions' `gen_ai.provider.name` for an AI SDK provider id. */
function providerName(provider: string | undefined): string {
  const family = (provider ?? 'unknown').split('.')[0] ?? 'unknown';
  if (family === 'google') return 'gcp.gemini';
  if (family === 'vertex') return 'gcp.vertex_ai';
  if (family === 'azure') return 'azure.ai.openai';
  if (family === 'bedrock' || family === 'amazon-bedrock') return 'aws.bedrock';
  return family;
}

function inputMessage(message: AiSdkModelMessage): OtelChatMessage {
  if (typeof message.content === 'string') {
    return { role: message.role, parts: [{ type: 'text', content: message.content }] };
  }
  const parts = (
    message.content as ReadonlyArray<{ type: string } & Record<string, unknown>>
  ).flatMap((part): OtelPart[] => {
    switch (part.type) {
      case 'text':
        return [{ type: 'text', content: String(part.text) }];
      case 'reasoning':
        return [{ type: 'reasoning', content: String(part.text) }];
      case 'tool-call':
        return [
          {
            type: 'tool_call',
            id: String(part.toolCallId),
            name: String(part.toolName),
            arguments: json(part.input),
          },
        ];
      case 'tool-result':
        return [
          {
            type: 'tool_call_response',
            id: String(part.toolCallId),
            response: outputValue(part.output as ToolResultOutput),
          },
        ];
      case 'image':
        return [media(part.image, typeof part.mediaType === 'string' ? part.mediaType : 'image/*')];
      case 'file':
        return [media(part.data, String(part.mediaType))];
      default:
        return [
          { type: part.type.replaceAll('-', '_'), ...(json(part) as Record<string, JsonValue>) },
        ];
    }
  });
  return { role: message.role, parts };
}

function outputParts(message: RuntimeMessage): OtelPart[] {
  switch (message.kind) {
    case 'assistant_text':
      return typeof message.content === 'string'
        ? [{ type: 'text', content: message.content }]
        : message.content.map((part) =>
            part.type === 'text'
              ? { type: 'text', content: part.text }
              : media(part.data, part.mediaType),
          );
    case 'assistant_reasoning':
      return typeof message.content === 'string'
        ? [{ type: 'reasoning', content: message.content }]
        : message.content.map((part) => ({ type: 'reasoning', content: part.text }));
    case 'tool_call':
      return message.content.map((part) => ({
        type: 'tool_call',
        id: part.toolCallId,
        name: part.toolName,
        arguments: part.input,
      }));
    case 'tool_result':
      return message.content.map((part) => ({
        type: 'tool_call_response',
        id: part.toolCallId,
        response: outputValue(part.output),
      }));
    // A call's response messages are assistant and tool messages; nothing else is output.
    case 'system_note':
    case 'user_input':
    case 'tool_approval_request':
    case 'tool_approval_response':
    case 'compact_boundary':
    case 'compact_summary':
    case 'runtime_reminder':
    case 'handoff_summary':
    case 'agent_switch_note':
      return [];
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

/**
 * What a ledger blob is in an export: the conventions' `UriPart` fields (`uri`, `mime_type`) with
 * `blob:sha256:<hex>` as the URI (read the bytes at `GET /v1/sessions/:id/blobs/<hex>`), its size
 * and preview. The bytes are never inlined: a blob is large by definition.
 */
function blobReference(blob: ContentBlobRef): {
  uri: string;
  mime_type: string;
  size: number;
  preview: string;
} {
  return {
    uri: `blob:sha256:${blob.sha256}`,
    mime_type: blob.mediaType,
    size: blob.size,
    preview: blob.preview,
  };
}

function outputValue(output: ToolResultOutput): JsonValue {
  if (output.type === 'blob') return { type: 'uri', ...blobReference(output.blob) };
  return output.type === 'execution-denied'
    ? { denied: true, ...(output.reason === undefined ? {} : { reason: output.reason }) }
    : output.value;
}

/** The conventions' `Modality` values; anything that is not image, video or audio is a document. */
const MODALITIES = new Set(['image', 'video', 'audio']);

function media(data: unknown, mimeType: string): OtelPart {
  const family = mimeType.split('/')[0]?.toLowerCase() ?? '';
  const modality = MODALITIES.has(family) ? family : 'document';
  if (isBlobData(data)) return { type: 'uri', modality, ...blobReference(data.blob) };
  const value = data instanceof URL ? data.toString() : typeof data === 'string' ? data : '';
  if (URL.canParse(value) && !value.startsWith('data:'))
    return { type: 'uri', modality, mime_type: mimeType, uri: value };
  const content = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  return { type: 'blob', modality, mime_type: mimeType, content };
}

/** An attachment kept as a ledger blob (`BlobAttachmentData`). */
function isBlobData(data: unknown): data is { type: 'blob'; blob: ContentBlobRef } {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'blob' &&
    'blob' in data &&
    typeof data.blob === 'object' &&
    data.blob !== null &&
    'sha256' in data.blob &&
    typeof data.blob.sha256 === 'string'
  );
}

function json(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JsonValue);
}
