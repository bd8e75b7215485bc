/**
 * Simple local fast-check generators of runtime histories for this lib's property tests: every
 * kind, tool calls and results over a small pool of call ids (so pairs, orphans and duplicates
 * occur), boundaries with summaries pointing at them or elsewhere, and the metadata flags the
 * projections read. Ids are unique (`m0`, `m1`, …), as normalization guarantees.
 */
import fc from 'fast-check';
import type {
  ContentPart,
  RuntimeMessage,
  RuntimeMessageMetadata,
  ToolResultOutput,
} from '@agent-ledger/messages';
import type { ProjectionContext } from '../types';

type Draft = (id: string) => RuntimeMessage;

const callId = fc.constantFrom('call_0', 'call_1', 'call_2', 'call_3');
const boundaryRef = fc.constantFrom('m0', 'm1', 'm2', 'm3', 'm5', 'm8', 'nowhere');
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('password=hunter2', 'Bearer abcdefghijklmnopqrstu', 'x'.repeat(60)),
);
const mediaType = fc.constantFrom('image/png', 'application/pdf', 'text/csv', 'audio/mpeg');

const metadata: fc.Arbitrary<RuntimeMessageMetadata | undefined> = fc.option(
  fc.record(
    {
      eligibleForModelContext: fc.boolean(),
      visibleInTranscript: fc.boolean(),
      synthetic: fc.boolean(),
      compactedAt: fc.constant('2026-04-08T10:00:00Z'),
      summaryForBoundaryId: boundaryRef,
      agentName: fc.constantFrom('build', 'plan'),
      tags: fc.constant(['system-reminder']),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

const output: fc.Arbitrary<ToolResultOutput> = fc.oneof(
  text.map((value) => ({ type: 'text' as const, value })),
  text.map((value) => ({ type: 'json' as const, value: { value, list: [value, 1] } })),
  fc
    .array(
      fc.oneof(
        text.map((value) => ({ type: 'text' as const, text: value })),
        mediaType.map((type) => ({ type: 'media' as const, data: 'AAAA', mediaType: type })),
      ),
      { maxLength: 3 },
    )
    .map((value) => ({ type: 'content' as const, value })),
  fc.constant({ type: 'execution-denied' as const, reason: 'user said no' }),
);

const userParts: fc.Arbitrary<Array<Extract<ContentPart, { type: 'text' | 'image' | 'file' }>>> =
  fc.array(
    fc.oneof(
      text.map((value) => ({ type: 'text' as const, text: value })),
      fc.constant({ type: 'image' as const, image: 'AAAA' }),
      mediaType.map((type) => ({ type: 'file' as const, data: 'AAAA', mediaType: type })),
    ),
    { maxLength: 3 },
  );

function withBase(
  draft: Omit<RuntimeMessage, 'id' | 'sessionId' | 'createdAt' | 'metadata'>,
  meta: RuntimeMessageMetadata | undefined,
): Draft {
  // Each draft below pairs a kind with its role and content; `Omit` over the union loses that link.
  return (id) =>
    ({
      ...draft,
      id,
      sessionId: 's1',
      createdAt: '2026-04-08T09:00:00Z',
      ...(meta === undefined ? {} : { metadata: meta }),
    }) as RuntimeMessage;
}

const draft: fc.Arbitrary<Draft> = fc.oneof(
  fc
    .tuple(text, metadata)
    .map(([content, meta]) => withBase({ kind: 'system_note', role: 'system', content }, meta)),
  fc
    .tuple(fc.oneof(text, userParts), metadata)
    .map(([content, meta]) => withBase({ kind: 'user_input', role: 'user', content }, meta)),
  fc
    .tuple(text, metadata)
    .map(([content, meta]) =>
      withBase({ kind: 'assistant_text', role: 'assistant', content }, meta),
    ),
  fc
    .tuple(text, metadata)
    .map(([content, meta]) =>
      withBase({ kind: 'assistant_reasoning', role: 'assistant', content }, meta),
    ),
  fc.tuple(fc.uniqueArray(callId, { minLength: 1, maxLength: 2 }), metadata).map(([ids, meta]) =>
    withBase(
      {
        kind: 'tool_call',
        role: 'assistant',
        content: ids.map((toolCallId) => ({
          type: 'tool-call' as const,
          toolCallId,
          toolName: 'Read',
          input: { path: 'a.ts', token: 'abc' },
        })),
      },
      meta,
    ),
  ),
  fc.tuple(callId, output, metadata).map(([toolCallId, result, meta]) =>
    withBase(
      {
        kind: 'tool_result',
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId, toolName: 'Read', output: result }],
      },
      meta,
    ),
  ),
  fc.tuple(callId, metadata).map(([toolCallId, meta]) =>
    withBase(
      {
        kind: 'tool_approval_request',
        role: 'assistant',
        content: [{ type: 'tool-approval-request', approvalId: `ap_${toolCallId}`, toolCallId }],
      },
      meta,
    ),
  ),
  fc.tuple(callId, fc.boolean(), metadata).map(([toolCallId, approved, meta]) =>
    withBase(
      {
        kind: 'tool_approval_response',
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: `ap_${toolCallId}`, approved }],
      },
      meta,
    ),
  ),
  metadata.map((meta) =>
    withBase(
      {
        kind: 'compact_boundary',
        role: 'system',
        content: { type: 'compact-boundary', trigger: 'auto' },
      },
      meta,
    ),
  ),
  fc
    .tuple(text, metadata)
    .map(([content, meta]) => withBase({ kind: 'compact_summary', role: 'user', content }, meta)),
  fc
    .tuple(text, metadata)
    .map(([content, meta]) =>
      withBase({ kind: 'runtime_reminder', role: 'system', content }, meta),
    ),
  fc
    .tuple(text, metadata)
    .map(([content, meta]) => withBase({ kind: 'handoff_summary', role: 'user', content }, meta)),
  metadata.map((meta) =>
    withBase(
      {
        kind: 'agent_switch_note',
        role: 'system',
        content: { type: 'agent-switch', fromAgent: 'plan', toAgent: 'build' },
      },
      meta,
    ),
  ),
);

/** A runtime history of up to 30 messages with unique ids `m0`, `m1`, …. */
export const runtimeHistory: fc.Arbitrary<RuntimeMessage[]> = fc
  .array(draft, { maxLength: 30 })
  .map((drafts) => drafts.map((make, index) => make(`m${index}`)));

/** A projection context exercising every option, small soft limits included. */
export const projectionContext: fc.Arbitrary<ProjectionContext> = fc.record(
  {
    sessionId: fc.constant('s1'),
    activeAgentName: fc.constant('build'),
    provider: fc.constantFrom('anthropic', 'openai', 'google', 'other'),
    includeReasoning: fc.boolean(),
    includeToolResults: fc.boolean(),
    toolResultSoftLimitChars: fc.constantFrom(0, 5, 30, 20_000),
    applyCompactBoundary: fc.boolean(),
    injectRuntimeReminder: fc.boolean(),
  },
  { requiredKeys: ['sessionId', 'activeAgentName'] },
);
