/**
 * fast-check arbitraries for the content of runtime messages: every part and output variant of
 * `@agent-ledger/messages`, valid against `event-schemas/`.
 */
import fc from 'fast-check';
import type {
  AgentSwitchContent,
  CompactBoundaryContent,
  FilePart,
  ImagePart,
  JsonValue,
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

/** Size past which a tool result counts as long (projections truncate around there). */
export const LONG_TOOL_RESULT_CHARS = 5_000;

/** Prose in a few scripts, including the seed's Chinese. */
export const arbitraryText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 80 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
      '我先定位问题，再修改登录逻辑。',
      'Workspace root is /repo',
      'Run the tests again, please.',
    ),
    weight: 1,
  },
);

/** Text of more than {@link LONG_TOOL_RESULT_CHARS} characters, cheap to generate. */
export const arbitraryLongText: fc.Arbitrary<string> = fc
  .tuple(fc.string({ minLength: 1, maxLength: 16 }), fc.nat({ max: 2_000 }))
  .map(([line, extra]) =>
    `${line}\n`.repeat(Math.ceil((LONG_TOOL_RESULT_CHARS + 1) / (line.length + 1)) + extra),
  );

/**
 * JSON values of modest depth (tool inputs, JSON outputs) that survive a JSON round trip
 * unchanged: no `-0`, no `NaN`, no `__proto__` key.
 */
export const arbitraryJsonValue: fc.Arbitrary<JsonValue> = fc.letrec<{ json: JsonValue }>(
  (tie) => ({
    json: fc.oneof(
      { depthSize: 'small', maxDepth: 2 },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n)),
      fc.string({ maxLength: 20 }),
      fc.array(tie('json'), { maxLength: 3 }),
      fc.dictionary(
        fc.string({ maxLength: 8 }).filter((key) => key !== '__proto__'),
        tie('json'),
        { maxKeys: 3, noNullPrototype: true },
      ),
    ),
  }),
).json;

/** An ISO-8601 UTC timestamp between 2020 and 2030. */
export const arbitraryTimestamp: fc.Arbitrary<string> = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2030-12-31T23:59:59Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** A short identifier-like string (`m3`, `call_12`, a UUID…). */
export const arbitraryId: fc.Arbitrary<string> = fc.oneof(
  fc.nat({ max: 10_000 }).map((n) => `id_${n}`),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 12 }),
);

const providerOptions: fc.Arbitrary<ProviderOptions> = fc.constantFrom(
  { anthropic: { cacheControl: { type: 'ephemeral' } } },
  { openai: { reasoningEffort: 'low' } },
);

/** Adds `providerOptions` to some parts. */
function withProviderOptions<T extends object>(part: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc
    .tuple(part, fc.option(providerOptions, { nil: undefined, freq: 8 }))
    .map(([value, options]) =>
      options === undefined ? value : { ...value, providerOptions: options },
    );
}

const base64 = fc.base64String({ minLength: 4, maxLength: 64 });
const binary = fc.oneof(
  base64,
  fc.webUrl(),
  base64.map((data) => `data:image/png;base64,${data}`),
);

export const arbitraryTextPart: fc.Arbitrary<TextPart> = withProviderOptions(
  arbitraryText.map((text) => ({ type: 'text' as const, text })),
);

export const arbitraryReasoningPart: fc.Arbitrary<ReasoningPart> = withProviderOptions(
  arbitraryText.map((text) => ({ type: 'reasoning' as const, text })),
);

export const arbitraryImagePart: fc.Arbitrary<ImagePart> = withProviderOptions(
  fc
    .tuple(
      binary,
      fc.option(fc.constantFrom('image/png', 'image/jpeg', 'image/webp'), { nil: undefined }),
    )
    .map(([image, mediaType]) =>
      mediaType === undefined
        ? { type: 'image' as const, image }
        : { type: 'image' as const, image, mediaType },
    ),
);

export const arbitraryFilePart: fc.Arbitrary<FilePart> = withProviderOptions(
  fc
    .tuple(
      binary,
      fc.constantFrom('application/pdf', 'text/plain', 'audio/wav'),
      fc.option(fc.constantFrom('report.pdf', 'notes.txt', '录音.wav'), { nil: undefined }),
    )
    .map(([data, mediaType, filename]) =>
      filename === undefined
        ? { type: 'file' as const, data, mediaType }
        : { type: 'file' as const, data, mediaType, filename },
    ),
);

/** A tool name, mostly from a coding agent's usual set. */
export const arbitraryToolName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('Read', 'Write', 'Edit', 'Bash', 'Grep', 'WebSearch'),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/** A tool-call part; pass `toolCallId` to fix it. */
export function arbitraryToolCallPart(toolCallId?: string): fc.Arbitrary<ToolCallPart> {
  return withProviderOptions(
    fc
      .record({
        toolCallId: toolCallId === undefined ? arbitraryId : fc.constant(toolCallId),
        toolName: arbitraryToolName,
        input: arbitraryJsonValue,
        providerExecuted: fc.option(fc.boolean(), { nil: undefined, freq: 6 }),
      })
      .map(({ providerExecuted, ...part }) =>
        providerExecuted === undefined
          ? { type: 'tool-call' as const, ...part }
          : { type: 'tool-call' as const, ...part, providerExecuted },
      ),
  );
}

const contentItem: fc.Arbitrary<ToolResultContentItem> = fc.oneof(
  arbitraryText.map((text) => ({ type: 'text' as const, text })),
  fc
    .tuple(base64, fc.constantFrom('image/png', 'application/pdf'))
    .map(([data, mediaType]) => ({ type: 'media' as const, data, mediaType })),
);

/** Any tool output variant; text outputs are sometimes longer than {@link LONG_TOOL_RESULT_CHARS}. */
export const arbitraryToolResultOutput: fc.Arbitrary<ToolResultOutput> = fc.oneof(
  { arbitrary: arbitraryText.map((value) => ({ type: 'text' as const, value })), weight: 4 },
  { arbitrary: arbitraryLongText.map((value) => ({ type: 'text' as const, value })), weight: 1 },
  { arbitrary: arbitraryJsonValue.map((value) => ({ type: 'json' as const, value })), weight: 2 },
  { arbitrary: arbitraryText.map((value) => ({ type: 'error-text' as const, value })), weight: 1 },
  {
    arbitrary: arbitraryJsonValue.map((value) => ({ type: 'error-json' as const, value })),
    weight: 1,
  },
  {
    arbitrary: fc
      .array(contentItem, { maxLength: 3 })
      .map((value) => ({ type: 'content' as const, value })),
    weight: 1,
  },
  {
    arbitrary: fc
      .option(arbitraryText, { nil: undefined })
      .map((reason) =>
        reason === undefined
          ? { type: 'execution-denied' as const }
          : { type: 'execution-denied' as const, reason },
      ),
    weight: 1,
  },
);

/** A tool-result part; pass `toolCallId` (and `toolName`, or `null` to leave it out) to fix them. */
export function arbitraryToolResultPart(
  toolCallId?: string,
  toolName?: string | null,
): fc.Arbitrary<ToolResultPart> {
  const name: fc.Arbitrary<string | undefined> =
    toolName === null
      ? fc.constant(undefined)
      : toolName === undefined
        ? fc.option(arbitraryToolName, { nil: undefined })
        : fc.constant(toolName);
  return withProviderOptions(
    fc
      .record({
        toolCallId: toolCallId === undefined ? arbitraryId : fc.constant(toolCallId),
        toolName: name,
        output: arbitraryToolResultOutput,
      })
      .map(({ toolName: resultToolName, ...part }) =>
        resultToolName === undefined
          ? { type: 'tool-result' as const, ...part }
          : { type: 'tool-result' as const, ...part, toolName: resultToolName },
      ),
  );
}

/** An approval request, sometimes with the AI SDK's `signature` and `inputSchemaInput`. */
export const arbitraryToolApprovalRequestPart: fc.Arbitrary<ToolApprovalRequestPart> = fc
  .record(
    {
      approvalId: arbitraryId,
      toolCallId: arbitraryId,
      signature: fc.base64String({ minLength: 4, maxLength: 44 }),
      inputSchemaInput: arbitraryJsonValue,
    },
    { requiredKeys: ['approvalId', 'toolCallId'] },
  )
  .map((fields) => ({ type: 'tool-approval-request' as const, ...fields }));

export const arbitraryToolApprovalResponsePart: fc.Arbitrary<ToolApprovalResponsePart> = fc
  .tuple(arbitraryId, fc.boolean(), fc.option(arbitraryText, { nil: undefined }))
  .map(([approvalId, approved, reason]) =>
    reason === undefined
      ? { type: 'tool-approval-response' as const, approvalId, approved }
      : { type: 'tool-approval-response' as const, approvalId, approved, reason },
  );

export const arbitraryCompactBoundaryContent: fc.Arbitrary<CompactBoundaryContent> = fc
  .record(
    {
      trigger: fc.constantFrom('auto' as const, 'manual' as const),
      tokensBefore: fc.nat({ max: 1_000_000 }),
      reason: arbitraryText,
    },
    { requiredKeys: ['trigger'] },
  )
  .map((fields) => ({ type: 'compact-boundary' as const, ...fields }));

/** Agent names a hand-off moves between. */
export const arbitraryAgentName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('main', 'planner', 'coder', 'reviewer'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

export const arbitraryAgentSwitchContent: fc.Arbitrary<AgentSwitchContent> = fc
  .record(
    { fromAgent: arbitraryAgentName, toAgent: arbitraryAgentName, reason: arbitraryText },
    { requiredKeys: ['fromAgent', 'toAgent'] },
  )
  .map((fields) => ({ type: 'agent-switch' as const, ...fields }));

/** `string`, or an array of the given parts (never empty, as providers require). */
export function textOrParts<P>(part: fc.Arbitrary<P>): fc.Arbitrary<string | P[]> {
  return fc.oneof(arbitraryText, fc.array(part, { minLength: 1, maxLength: 4 }));
}
