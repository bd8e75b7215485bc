import {
  normalizeSessionEvents,
  sessionStreamName,
  type SessionEvent,
  parseSessionLogEvent,
  SessionNotFoundError,
} from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { redactStrings } from './redact-strings';
import { jsonlLines } from './to-jsonl';
import type { LedgerBlobReader } from './ledger-jsonl/ledger-jsonl-blob';
import { ledgerJsonlWithBlobs } from './ledger-jsonl/ledger-jsonl-with-blobs';
import { toOtelGenAi, type OtelModelCallSource } from './to-otel-gen-ai';
import { toUiMessages } from './to-ui-messages';
import { loadModelContext, type SessionLog } from '@agent-ledger/model-context';
import { exportRedaction, type ExportPolicy } from '@agent-ledger/read-models';

/** The export formats of the interchange lib (the others come from the export read model). */
export const INTERCHANGE_EXPORT_FORMATS = ['otel-genai', 'ui-messages', 'jsonl'] as const;
export type InterchangeExportFormat = (typeof INTERCHANGE_EXPORT_FORMATS)[number];

/**
 * A session in an interchange format: a JSON body, or JSONL lines, made (and redacted) one at a
 * time as they are read, so that a long session is written without being one string.
 */
export type InterchangeExport =
  | { format: 'otel-genai'; sessionId: string; revision: number; calls: unknown[] }
  | { format: 'ui-messages'; sessionId: string; revision: number; messages: unknown[] }
  | { format: 'jsonl'; revision: number; lines: Iterable<string> | AsyncIterable<string> };

/** Options of an interchange export besides its format. */
export interface InterchangeExportOptions {
  /**
   * `jsonl` only: the tenant's blobs, to write each referenced blob's bytes into the export
   * (`ledgerJsonlWithBlobs`, `blobs=include`). Without it, blob parts keep their reference only.
   */
  includeBlobsFrom?: LedgerBlobReader;
}

/**
 * Computes an interchange export from the log itself (no read model holds these shapes), under
 * the export policy: secrets redacted, reasoning left out unless the policy keeps it.
 * `otel-genai`: each recorded model call with the model context as of the call
 * (`loadModelContext` at the revision before its first response message, `contextRevision`
 * when the runtime said it, for the call's provider) and the messages it produced. `session`
 * names the session twice: `sessionId` as the caller named it (what the export shows) and `key`,
 * its session key in the store (`sessionKeyOf`: what is read). The policy redacts the messages'
 * text (blob previews included), never the bytes of an included blob.
 */
export async function interchangeExport(
  store: SessionLog,
  session: { sessionId: string; key: string },
  format: InterchangeExportFormat,
  policy: ExportPolicy,
  options: InterchangeExportOptions = {},
): Promise<InterchangeExport> {
  const { sessionId } = session;
  const logged: Array<{ revision: number; event: SessionEvent }> = [];
  for await (const recorded of store.readStream(sessionStreamName(session.key))) {
    const parsed = parseSessionLogEvent(recorded);
    if (parsed.ok) logged.push({ revision: recorded.revision, event: parsed.event.event });
  }
  const last = logged.at(-1);
  if (last === undefined) throw new SessionNotFoundError(sessionId);
  const revision = last.revision;
  const redaction = exportRedaction(policy).redact;
  const redact = <T>(value: T): T =>
    redaction === false || redaction === undefined ? value : redactStrings(value, redaction);
  const keep = (message: RuntimeMessage): boolean =>
    policy.includeReasoning === true || message.kind !== 'assistant_reasoning';
  const messages = normalizeSessionEvents(logged.map((entry) => entry.event)).messages;
  switch (format) {
    case 'jsonl':
      return {
        format,
        revision,
        lines:
          options.includeBlobsFrom === undefined
            ? jsonlLines(messages.filter(keep), redact)
            : ledgerJsonlWithBlobs(messages.filter(keep), redact, options.includeBlobsFrom),
      };
    case 'ui-messages':
      return { format, sessionId, revision, messages: redact(toUiMessages(messages.filter(keep))) };
    case 'otel-genai': {
      const sources = await modelCallSources(store, session.key, logged, messages);
      const calls = toOtelGenAi(sessionId, sources).map((call) =>
        policy.includeReasoning === true ? call : withoutReasoning(call),
      );
      return { format, sessionId, revision, calls: redact(calls) };
    }
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}

async function modelCallSources(
  store: SessionLog,
  sessionKey: string,
  logged: ReadonlyArray<{ revision: number; event: SessionEvent }>,
  messages: readonly RuntimeMessage[],
): Promise<OtelModelCallSource[]> {
  const revisionOf = new Map<string, number>();
  for (const { revision, event } of logged) {
    if ('id' in event.data && typeof event.data.id === 'string' && !revisionOf.has(event.data.id)) {
      revisionOf.set(event.data.id, revision);
    }
  }
  const byId = new Map(messages.map((message) => [message.id, message]));
  const sources: OtelModelCallSource[] = [];
  for (const { revision, event } of logged) {
    if (event.type !== 'ModelCallRecorded') continue;
    const call = event.data;
    const first = Math.min(
      revision,
      ...call.messageIds.map((id) => revisionOf.get(id) ?? revision),
    );
    const atRevision = call.contextRevision ?? Math.max(0, first - 1);
    const context = await loadModelContext(store, sessionKey, {
      atRevision,
      format: 'ai-sdk-prompt',
      ...(call.provider === undefined ? {} : { provider: call.provider }),
    });
    const prompt =
      context.format === 'ai-sdk-prompt'
        ? { system: context.system, messages: context.messages }
        : { system: undefined, messages: [] };
    sources.push({
      call,
      prompt,
      output: call.messageIds.flatMap((id) => {
        const message = byId.get(id);
        return message === undefined ? [] : [message];
      }),
    });
  }
  return sources;
}

function withoutReasoning<T extends { attributes: Record<string, unknown> }>(call: T): T {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map((message: unknown) =>
          typeof message === 'object' &&
          message !== null &&
          'parts' in message &&
          Array.isArray(message.parts)
            ? {
                ...message,
                parts: message.parts.filter(
                  (part: unknown) =>
                    !(
                      typeof part === 'object' &&
                      part !== null &&
                      'type' in part &&
                      part.type === 'reasoning'
                    ),
                ),
              }
            : message,
        )
      : value;
  return {
    ...call,
    attributes: {
      ...call.attributes,
      'gen_ai.input.messages': strip(call.attributes['gen_ai.input.messages']),
      'gen_ai.output.messages': strip(call.attributes['gen_ai.output.messages']),
    },
  };
}
