import fc from 'fast-check';
import {
  RUNTIME_MESSAGE_KINDS,
  type RuntimeMessage,
  type RuntimeMessageKind,
  type RuntimeMessageMetadata,
  type RuntimeMessageOfKind,
} from '@agent-ledger/messages';
import {
  arbitraryAgentName,
  arbitraryAgentSwitchContent,
  arbitraryCompactBoundaryContent,
  arbitraryFilePart,
  arbitraryId,
  arbitraryImagePart,
  arbitraryJsonValue,
  arbitraryReasoningPart,
  arbitraryText,
  arbitraryTextPart,
  arbitraryTimestamp,
  arbitraryToolApprovalRequestPart,
  arbitraryToolApprovalResponsePart,
  arbitraryToolCallPart,
  arbitraryToolResultPart,
  textOrParts,
} from './arbitrary-content';

/** Options of {@link arbitraryRuntimeMessage}. */
export interface ArbitraryRuntimeMessageOptions {
  /** Fixes the session id (default: any non-empty string). */
  sessionId?: string;
}

/** Any runtime metadata the schema accepts, each field sometimes present. */
export const arbitraryMetadata: fc.Arbitrary<RuntimeMessageMetadata> = fc.record(
  {
    agentName: arbitraryAgentName,
    effectiveAgentName: arbitraryAgentName,
    synthetic: fc.boolean(),
    visibleInTranscript: fc.boolean(),
    eligibleForModelContext: fc.boolean(),
    compactedAt: arbitraryTimestamp,
    compactBoundaryId: arbitraryId,
    summaryForBoundaryId: arbitraryId,
    source: fc.constantFrom(
      'user' as const,
      'runtime' as const,
      'hook' as const,
      'tool' as const,
      'system' as const,
    ),
    tags: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
    extra: fc.dictionary(
      fc.string({ maxLength: 8 }).filter((key) => key !== '__proto__'),
      arbitraryJsonValue,
      { maxKeys: 3, noNullPrototype: true },
    ),
  },
  { requiredKeys: [] },
);

interface Base {
  id: string;
  sessionId: string;
  runId?: string;
  createdAt: string;
  metadata?: RuntimeMessageMetadata;
}

type Builders = {
  [K in RuntimeMessageKind]: (base: Base) => fc.Arbitrary<RuntimeMessageOfKind<K>>;
};

const parts = <P>(part: fc.Arbitrary<P>): fc.Arbitrary<P[]> =>
  fc.array(part, { minLength: 1, maxLength: 3 });

const BUILDERS: Builders = {
  system_note: (base) =>
    arbitraryText.map((content) => ({ ...base, kind: 'system_note', role: 'system', content })),
  user_input: (base) =>
    textOrParts(fc.oneof(arbitraryTextPart, arbitraryImagePart, arbitraryFilePart)).map(
      (content) => ({
        ...base,
        kind: 'user_input',
        role: 'user',
        content,
      }),
    ),
  assistant_text: (base) =>
    textOrParts(fc.oneof(arbitraryTextPart, arbitraryFilePart)).map((content) => ({
      ...base,
      kind: 'assistant_text',
      role: 'assistant',
      content,
    })),
  assistant_reasoning: (base) =>
    textOrParts(arbitraryReasoningPart).map((content) => ({
      ...base,
      kind: 'assistant_reasoning',
      role: 'assistant',
      content,
    })),
  tool_call: (base) =>
    parts(arbitraryToolCallPart()).map((content) => ({
      ...base,
      kind: 'tool_call',
      role: 'assistant',
      content,
    })),
  tool_result: (base) =>
    parts(arbitraryToolResultPart()).map((content) => ({
      ...base,
      kind: 'tool_result',
      role: 'tool',
      content,
    })),
  tool_approval_request: (base) =>
    parts(arbitraryToolApprovalRequestPart).map((content) => ({
      ...base,
      kind: 'tool_approval_request',
      role: 'assistant',
      content,
    })),
  tool_approval_response: (base) =>
    parts(arbitraryToolApprovalResponsePart).map((content) => ({
      ...base,
      kind: 'tool_approval_response',
      role: 'tool',
      content,
    })),
  compact_boundary: (base) =>
    arbitraryCompactBoundaryContent.map((content) => ({
      ...base,
      kind: 'compact_boundary',
      role: 'system',
      content,
    })),
  // The schema requires the summary to name its boundary.
  compact_summary: (base) =>
    fc.tuple(arbitraryText, arbitraryId).map(([content, boundaryId]) => ({
      ...base,
      metadata: { ...base.metadata, summaryForBoundaryId: boundaryId },
      kind: 'compact_summary',
      role: 'user',
      content,
    })),
  runtime_reminder: (base) =>
    arbitraryText.map((content) => ({
      ...base,
      kind: 'runtime_reminder',
      role: 'system',
      content,
    })),
  handoff_summary: (base) =>
    arbitraryText.map((content) => ({ ...base, kind: 'handoff_summary', role: 'user', content })),
  agent_switch_note: (base) =>
    arbitraryAgentSwitchContent.map((content) => ({
      ...base,
      kind: 'agent_switch_note',
      role: 'system',
      content,
    })),
};

/**
 * Any runtime message the schemas accept, of the given kind or of any kind: random ids,
 * timestamps, metadata and content (images and files, long tool results, every output variant).
 * Not a coherent history: see `arbitrarySessionHistory` for that.
 */
export function arbitraryRuntimeMessage(): fc.Arbitrary<RuntimeMessage>;
export function arbitraryRuntimeMessage<K extends RuntimeMessageKind>(
  kind: K,
  options?: ArbitraryRuntimeMessageOptions,
): fc.Arbitrary<RuntimeMessageOfKind<K>>;
export function arbitraryRuntimeMessage(
  kind?: RuntimeMessageKind,
  options: ArbitraryRuntimeMessageOptions = {},
): fc.Arbitrary<RuntimeMessage> {
  const kindArbitrary =
    kind === undefined ? fc.constantFrom(...RUNTIME_MESSAGE_KINDS) : fc.constant(kind);
  const base: fc.Arbitrary<Base> = fc.record(
    {
      id: arbitraryId,
      sessionId: options.sessionId === undefined ? arbitraryId : fc.constant(options.sessionId),
      runId: arbitraryId,
      createdAt: arbitraryTimestamp,
      metadata: arbitraryMetadata,
    },
    { requiredKeys: ['id', 'sessionId', 'createdAt'] },
  );
  return fc
    .tuple(kindArbitrary, base)
    .chain(([chosen, fields]): fc.Arbitrary<RuntimeMessage> => BUILDERS[chosen](fields));
}
