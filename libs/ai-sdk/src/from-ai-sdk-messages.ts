import type {
  FilePart,
  ReasoningPart,
  RuntimeMessage,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultPart,
} from '@agent-ledger/messages';
import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import { UnsupportedAiSdkMessageError } from './errors';
import { fromAiSdkPart, type RuntimePart } from './internal/from-ai-sdk-part';
import { stringField } from './internal/string-field';

/** Where the converted messages belong, and the time and ids they get. */
export interface FromAiSdkMessagesOptions {
  sessionId: string;
  runId?: string | undefined;
  /** Recorded as `metadata.agentName` on every message. */
  agentName?: string | undefined;
  /** ISO-8601 timestamp given to every message as `createdAt`. */
  now: string;
  /**
   * Called once per produced message, in output order, with where the message comes from: ids
   * can then be positional (`<generation>:<k>`), stable however many messages follow.
   */
  generateId: (source: ResponseMessageSource) => string;
}

/** Where a produced runtime message comes from in the response messages. */
export interface ResponseMessageSource {
  /** Index of the AI SDK message in `responseMessages`. */
  messageIndex: number;
  /** Index of this runtime message among those the AI SDK message became (0-based). */
  runIndex: number;
  /** How many runtime messages the AI SDK message became. */
  runCount: number;
}

/** A run of parts that becomes one runtime message. */
type Run =
  | { kind: 'assistant_text'; content: string | Array<TextPart | FilePart> }
  | { kind: 'assistant_reasoning'; parts: ReasoningPart[] }
  | { kind: 'tool_call'; parts: ToolCallPart[] }
  | { kind: 'tool_result'; parts: ToolResultPart[] }
  | { kind: 'tool_approval_request'; parts: ToolApprovalRequestPart[] }
  | { kind: 'tool_approval_response'; parts: ToolApprovalResponsePart[] };

/**
 * Turns a model step back into runtime messages: the `response.messages` of `generateText`
 * (or `streamText`). Per AI SDK message, in part order:
 * - text and file parts → `assistant_text` (a string content stays a string), reasoning →
 *   `assistant_reasoning`, approval requests → `tool_approval_request`: one message per run of
 *   consecutive parts of that kind;
 * - all tool calls of one assistant message → one `tool_call` message, where the first call was;
 * - tool results → `tool_result` (role `tool`, `toolName` kept; provider-executed results that the
 *   assistant message carries inline too), approval responses → `tool_approval_response`.
 *
 * Binary data becomes base64, URLs strings. An approval request keeps its `signature` and
 * `inputSchemaInput`, which the next `generateText` call checks. Time and ids come from `options`
 * (`generateId` is told which response message each one is for), so the same input and the same
 * `generateId` give the same output. An unknown part type throws
 * `UnsupportedAiSdkPartError`; a value that is not JSON throws `NonJsonValueError`. Empty string
 * content produces no message; message-level `providerOptions` are not kept.
 */
export function fromAiSdkMessages(
  responseMessages: Array<AssistantModelMessage | ToolModelMessage>,
  options: FromAiSdkMessagesOptions,
): RuntimeMessage[] {
  return responseMessages.flatMap((message, messageIndex) => {
    const runs = runsOfMessage(message, messageIndex);
    return runs.map((run, runIndex) =>
      toRuntimeMessage(run, options, { messageIndex, runIndex, runCount: runs.length }),
    );
  });
}

function runsOfMessage(message: AssistantModelMessage | ToolModelMessage, index: number): Run[] {
  const location = `response message ${index}`;
  switch (message.role) {
    case 'assistant':
      if (typeof message.content === 'string') {
        return message.content === '' ? [] : [{ kind: 'assistant_text', content: message.content }];
      }
      return groupIntoRuns(
        message.content.map((part, partIndex) =>
          fromAiSdkPart(part, `${location}, part ${partIndex}`),
        ),
      );
    case 'tool':
      return groupIntoRuns(
        message.content.map((part, partIndex) =>
          fromAiSdkPart(part, `${location}, part ${partIndex}`),
        ),
      );
    default: {
      const unreachable: never = message;
      throw new UnsupportedAiSdkMessageError(stringField(unreachable, 'role'), location);
    }
  }
}

function groupIntoRuns(parts: RuntimePart[]): Run[] {
  const runs: Run[] = [];
  let toolCalls: ToolCallPart[] | undefined;
  for (const part of parts) {
    const last = runs.at(-1);
    switch (part.type) {
      case 'text':
      case 'file':
        if (last?.kind === 'assistant_text' && typeof last.content !== 'string')
          last.content.push(part);
        else runs.push({ kind: 'assistant_text', content: [part] });
        break;
      case 'reasoning':
        if (last?.kind === 'assistant_reasoning') last.parts.push(part);
        else runs.push({ kind: 'assistant_reasoning', parts: [part] });
        break;
      case 'tool-call':
        if (toolCalls !== undefined) toolCalls.push(part);
        else {
          toolCalls = [part];
          runs.push({ kind: 'tool_call', parts: toolCalls });
        }
        break;
      case 'tool-result':
        if (last?.kind === 'tool_result') last.parts.push(part);
        else runs.push({ kind: 'tool_result', parts: [part] });
        break;
      case 'tool-approval-request':
        if (last?.kind === 'tool_approval_request') last.parts.push(part);
        else runs.push({ kind: 'tool_approval_request', parts: [part] });
        break;
      case 'tool-approval-response':
        if (last?.kind === 'tool_approval_response') last.parts.push(part);
        else runs.push({ kind: 'tool_approval_response', parts: [part] });
        break;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }
  return runs;
}

function toRuntimeMessage(
  run: Run,
  options: FromAiSdkMessagesOptions,
  source: ResponseMessageSource,
): RuntimeMessage {
  const base = {
    id: options.generateId(source),
    sessionId: options.sessionId,
    ...(options.runId === undefined ? {} : { runId: options.runId }),
    createdAt: options.now,
    ...(options.agentName === undefined ? {} : { metadata: { agentName: options.agentName } }),
  };
  switch (run.kind) {
    case 'assistant_text':
      return { ...base, kind: 'assistant_text', role: 'assistant', content: run.content };
    case 'assistant_reasoning':
      return { ...base, kind: 'assistant_reasoning', role: 'assistant', content: run.parts };
    case 'tool_call':
      return { ...base, kind: 'tool_call', role: 'assistant', content: run.parts };
    case 'tool_result':
      return { ...base, kind: 'tool_result', role: 'tool', content: run.parts };
    case 'tool_approval_request':
      return { ...base, kind: 'tool_approval_request', role: 'assistant', content: run.parts };
    case 'tool_approval_response':
      return { ...base, kind: 'tool_approval_response', role: 'tool', content: run.parts };
    default: {
      const unreachable: never = run;
      return unreachable;
    }
  }
}
