import { toAiSdkMessagesWithReport } from '@agent-ledger/ai-sdk';
import { normalizeSessionEvents, type SessionEvent } from '@agent-ledger/events';
import {
  projectToCompact,
  projectToDebug,
  projectToExport,
  projectToModel,
  projectToTranscript,
  type ProjectionContext,
} from '@agent-ledger/projections';

/** The views the CLI can print: the seed's five, plus the serialized AI SDK messages. */
export const CLI_VIEWS = ['transcript', 'model', 'compact', 'debug', 'export', 'ai-sdk'] as const;
export type CliView = (typeof CLI_VIEWS)[number];

/**
 * Runs a session's events through the layers up to `view`: normalization (repairs are reported
 * in the diagnostics, never hidden), the view's projection, and for `ai-sdk` the serializer.
 * Runtime messages come in as their `messageRecorded` events.
 */
export function runProjection(
  events: readonly SessionEvent[],
  view: CliView,
  context: ProjectionContext,
): { messages: unknown[]; diagnostics: Record<string, unknown> } {
  const normalized = normalizeSessionEvents(events);
  const repairs = normalized.repairs.length > 0 ? { repairs: normalized.repairs } : {};
  const input = normalized.messages;
  switch (view) {
    case 'transcript':
      return withRepairs(projectToTranscript(input, context), repairs);
    case 'model':
      return withRepairs(projectToModel(input, context), repairs);
    case 'compact':
      return withRepairs(projectToCompact(input, context), repairs);
    case 'debug':
      return withRepairs(projectToDebug(input, context), repairs);
    case 'export':
      return withRepairs(projectToExport(input, context), repairs);
    case 'ai-sdk': {
      const model = projectToModel(input, context);
      const serialized = toAiSdkMessagesWithReport(
        model.messages,
        context.provider === undefined ? {} : { provider: context.provider },
      );
      const fallbacks = serialized.fallbacks.length > 0 ? { fallbacks: serialized.fallbacks } : {};
      return {
        messages: serialized.messages,
        diagnostics: { ...model.diagnostics, ...repairs, ...fallbacks },
      };
    }
    default: {
      const unreachable: never = view;
      throw new Error(`Unknown view ${String(unreachable)}`);
    }
  }
}

function withRepairs(
  result: { messages: unknown[]; diagnostics: object },
  repairs: object,
): { messages: unknown[]; diagnostics: Record<string, unknown> } {
  return { messages: result.messages, diagnostics: { ...result.diagnostics, ...repairs } };
}
