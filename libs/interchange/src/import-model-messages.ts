import { fromAiSdkMessages } from '@agent-ledger/ai-sdk';
import type { FilePart, ImagePart, RuntimeMessage, TextPart } from '@agent-ledger/messages';
import type { ModelMessage, modelMessageSchema } from 'ai';
import { InvalidImportSourceError } from './errors';
import type { ImportPlan } from './import-plan';
import type { TimelessImportOptions } from './import-ui-messages';
import { ImportNotes } from './internal/import-notes';
import { SessionPlan } from './internal/session-plan';
import { userContent, userFilePart } from './internal/user-parts';

const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * The AI SDK's `modelMessageSchema`, loaded on the first import of model messages: loading `ai`
 * costs ~150 ms of CPU, which every CLI command would pay at start-up otherwise (the CLI's
 * program names every import format, so it loads this library).
 */
function aiSdkModelMessageSchema(): typeof modelMessageSchema {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, above
  return (require('ai') as typeof import('ai')).modelMessageSchema;
}

/**
 * Maps AI SDK `ModelMessage[]` (a `generateText` prompt, or `response.messages`) to the write
 * side's commands: system → `system_note`, user → `user_input`, assistant and tool messages as
 * `fromAiSdkMessages` maps a step (text, reasoning with its provider options, tool calls,
 * results, approvals). Model messages have no ids: message k gets `m<k>` (`m<k>:<j>` when it
 * becomes several runtime messages), so the same array, or the same array with messages added
 * at the end, imports idempotently. Each message is checked with the AI SDK's own
 * `modelMessageSchema` first.
 */
export function importModelMessages(
  source: unknown,
  options: TimelessImportOptions & { sessionId: string },
): ImportPlan {
  if (!Array.isArray(source)) {
    throw new InvalidImportSourceError(
      'expected an array of AI SDK ModelMessage objects ({ role, content })',
    );
  }
  const notes = new ImportNotes();
  const plan = new SessionPlan(options.sessionId, notes);
  const base = { sessionId: options.sessionId, createdAt: options.createdAt ?? EPOCH };
  const schema = aiSdkModelMessageSchema();
  source.forEach((value, index) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new InvalidImportSourceError(
        `not an AI SDK ModelMessage: ${parsed.error.message}`,
        `messages[${index}]`,
      );
    }
    plan.append(runtimeMessagesOf(parsed.data, index, base));
  });
  return {
    sessions: [{ sessionId: options.sessionId, commands: plan.build() }],
    report: {
      format: 'model-messages',
      records: source.length,
      messages: plan.counts.messages,
      modelCalls: 0,
      compactions: 0,
      prunedToolResults: 0,
      notes: notes.list(),
    },
  };
}

function runtimeMessagesOf(
  message: ModelMessage,
  index: number,
  base: { sessionId: string; createdAt: string },
): RuntimeMessage[] {
  const id = `m${index}`;
  switch (message.role) {
    case 'system':
      return [{ ...base, id, role: 'system', kind: 'system_note', content: message.content }];
    case 'user': {
      if (typeof message.content === 'string') {
        return [{ ...base, id, role: 'user', kind: 'user_input', content: message.content }];
      }
      const parts = message.content.map((part): TextPart | ImagePart | FilePart => {
        if (part.type === 'text') return { type: 'text', text: part.text };
        const data = part.type === 'image' ? part.image : part.data;
        const mediaType = part.mediaType;
        const filename = part.type === 'file' ? part.filename : undefined;
        return userFilePart(dataString(data), mediaType, filename);
      });
      return [{ ...base, id, role: 'user', kind: 'user_input', content: userContent(parts) }];
    }
    case 'assistant':
    case 'tool':
      return fromAiSdkMessages([message], {
        sessionId: base.sessionId,
        now: base.createdAt,
        generateId: ({ runIndex, runCount }) => (runCount === 1 ? id : `${id}:${runIndex}`),
      });
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

/** Parsed from JSON, data is a string (base64 or URL); a URL object is kept as its text. */
function dataString(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof URL) return data.toString();
  return Buffer.from(data instanceof Uint8Array ? data : new Uint8Array()).toString('base64');
}
