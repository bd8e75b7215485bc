import type {
  FilePart,
  ImagePart,
  JsonValue,
  ProviderOptions,
  RuntimeMessage,
  TextPart,
  ToolResultOutput,
} from '@agent-ledger/messages';
import { asBlobAttachmentPart, blobAttachmentNote } from '@agent-ledger/projections';
import type { UIMessage } from 'ai';

type UiPart = UIMessage['parts'][number];
type UiToolPart = {
  type: `tool-${string}`;
  toolCallId: string;
  state: string;
  input: JsonValue;
  output?: JsonValue;
  errorText?: string;
  providerExecuted?: boolean;
  approval?: { id: string; approved?: boolean; reason?: string; signature?: string };
};

/**
 * The session as AI SDK `UIMessage[]`, for a chat UI (`useChat`'s `messages`): system notes as
 * system messages, user input as user messages, and everything the assistant did until the next
 * user message as one assistant message, a `step-start` before each step, each tool call one
 * `tool-<name>` part whose state says how far it got (`input-available`, `approval-requested`,
 * `approval-responded`, `output-available`, `output-error`, `output-denied`). Messages imported
 * from UI messages (`metadata.extra.uiMessageId`) get their UI ids and boundaries back. Kinds a
 * chat UI has no part for (compaction, reminders, hand-offs) become system messages with one
 * `data-ledger` part `{ kind, content }`. Pure: takes normalized runtime messages.
 */
export function toUiMessages(messages: readonly RuntimeMessage[]): UIMessage[] {
  const out: UIMessage[] = [];
  const tools = new Map<string, UiToolPart>();
  let assistant: { message: UIMessage; uiId: string | undefined; stepOpen: boolean } | undefined;

  const assistantFor = (message: RuntimeMessage): UiPart[] => {
    const uiId = uiIdOf(message);
    if (assistant === undefined || (uiId !== undefined && uiId !== assistant.uiId)) {
      const created: UIMessage = { id: uiId ?? message.id, role: 'assistant', parts: [] };
      out.push(created);
      assistant = { message: created, uiId, stepOpen: false };
    }
    if (!assistant.stepOpen) {
      assistant.message.parts.push({ type: 'step-start' });
      assistant.stepOpen = true;
    }
    return assistant.message.parts;
  };
  const closeStep = (): void => {
    if (assistant !== undefined) assistant.stepOpen = false;
  };

  for (const message of messages) {
    switch (message.kind) {
      case 'system_note':
        assistant = undefined;
        out.push({
          id: uiIdOf(message) ?? message.id,
          role: 'system',
          parts: [{ type: 'text', text: message.content }],
        });
        break;
      case 'user_input':
        assistant = undefined;
        out.push({
          id: uiIdOf(message) ?? message.id,
          role: 'user',
          parts: userParts(message.content),
        });
        break;
      case 'assistant_text': {
        const parts = assistantFor(message);
        const content =
          typeof message.content === 'string'
            ? [{ type: 'text' as const, text: message.content }]
            : message.content;
        content.forEach((part) =>
          parts.push(
            part.type === 'text'
              ? textPart('text', part.text, part.providerOptions)
              : filePart(part),
          ),
        );
        break;
      }
      case 'assistant_reasoning': {
        const parts = assistantFor(message);
        const content =
          typeof message.content === 'string'
            ? [{ type: 'reasoning' as const, text: message.content }]
            : message.content;
        content.forEach((part) =>
          parts.push(textPart('reasoning', part.text, part.providerOptions)),
        );
        break;
      }
      case 'tool_call': {
        const parts = assistantFor(message);
        for (const call of message.content) {
          const part: UiToolPart = {
            type: `tool-${call.toolName}`,
            toolCallId: call.toolCallId,
            state: 'input-available',
            input: call.input,
            ...(call.providerExecuted === true ? { providerExecuted: true } : {}),
          };
          tools.set(call.toolCallId, part);
          parts.push(part as UiPart);
        }
        break;
      }
      case 'tool_approval_request':
        assistantFor(message);
        for (const request of message.content) {
          const part = tools.get(request.toolCallId);
          if (part === undefined) continue;
          part.state = 'approval-requested';
          part.approval = {
            id: request.approvalId,
            ...(request.signature === undefined ? {} : { signature: request.signature }),
          };
        }
        break;
      case 'tool_approval_response':
        closeStep();
        for (const response of message.content) {
          const part = [...tools.values()].find(
            (tool) => tool.approval?.id === response.approvalId,
          );
          if (part?.approval === undefined) continue;
          part.state = 'approval-responded';
          part.approval = {
            ...part.approval,
            approved: response.approved,
            ...(response.reason === undefined ? {} : { reason: response.reason }),
          };
        }
        break;
      case 'tool_result':
        closeStep();
        for (const result of message.content) {
          const part = tools.get(result.toolCallId);
          if (part !== undefined) settle(part, result.output);
        }
        break;
      case 'compact_boundary':
      case 'compact_summary':
      case 'runtime_reminder':
      case 'handoff_summary':
      case 'agent_switch_note':
        assistant = undefined;
        out.push({
          id: message.id,
          role: 'system',
          parts: [
            {
              type: 'data-ledger',
              id: message.id,
              data: { kind: message.kind, content: message.content },
            },
          ],
        });
        break;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }
  return out;
}

function settle(part: UiToolPart, output: ToolResultOutput): void {
  switch (output.type) {
    case 'text':
    case 'json':
    case 'content':
      part.state = 'output-available';
      part.output = output.type === 'content' ? output.value : output.value;
      return;
    case 'error-text':
    case 'error-json':
      part.state = 'output-error';
      part.errorText =
        typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
      return;
    case 'execution-denied':
      part.state = 'output-denied';
      if (part.approval !== undefined) {
        part.approval = {
          ...part.approval,
          approved: false,
          ...(output.reason === undefined ? {} : { reason: output.reason }),
        };
      }
      return;
    case 'blob':
      // The reference itself (hash, size, media type, preview): a UI loads the bytes on demand.
      if (output.as === 'error-text' || output.as === 'error-json') {
        part.state = 'output-error';
        part.errorText = output.blob.preview;
      } else {
        part.state = 'output-available';
        part.output = { blob: { ...output.blob } };
      }
      return;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}

function uiIdOf(message: RuntimeMessage): string | undefined {
  const id = message.metadata?.extra?.uiMessageId;
  return typeof id === 'string' ? id : undefined;
}

function userParts(content: string | Array<TextPart | ImagePart | FilePart>): UiPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((part): UiPart => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image') {
      const mediaType = part.mediaType ?? 'image/*';
      if (typeof part.image !== 'string') return blobNote(part);
      return { type: 'file', mediaType, url: asUrl(part.image, mediaType) };
    }
    return filePart(part);
  });
}

/** An attachment kept as a blob: a UI message holds no reference, so a note names the blob. */
function blobNote(part: ImagePart | FilePart): UiPart {
  const blobPart = asBlobAttachmentPart(part);
  return { type: 'text', text: blobPart === undefined ? '' : blobAttachmentNote(blobPart) };
}

function filePart(part: FilePart): UiPart {
  if (typeof part.data !== 'string') return blobNote(part);
  return {
    type: 'file',
    mediaType: part.mediaType,
    url: asUrl(part.data, part.mediaType),
    ...(part.filename === undefined ? {} : { filename: part.filename }),
  };
}

/** A URL as recorded, base64 data as a `data:` URL (what a UI file part holds). */
function asUrl(data: string, mediaType: string): string {
  return URL.canParse(data) ? data : `data:${mediaType};base64,${data}`;
}

function textPart(
  type: 'text' | 'reasoning',
  text: string,
  options: ProviderOptions | undefined,
): UiPart {
  return options === undefined ? { type, text } : { type, text, providerMetadata: options };
}
