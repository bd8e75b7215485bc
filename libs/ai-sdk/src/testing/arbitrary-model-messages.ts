import type { ModelMessagePart, ModelMessage, ModelSemanticType } from '@agent-ledger/projections';
import fc from 'fast-check';

/** Shapes the generated histories may use. */
export interface ArbitraryModelMessagesOptions {
  /** Allow file and image parts in assistant messages (default on; the serializer turns those a provider would drop into text notes). */
  assistantFiles?: boolean;
}

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF_BASE64 =
  'JVBERi0xLjQKJcOkw7zDtsOfCjEgMCBvYmoKPDwvVHlwZS9DYXRhbG9nPj4KZW5kb2JqCnRyYWlsZXIKPDwvUm9vdCAxIDAgUj4+CiUlRU9G';

const callId = fc.constantFrom('call_1', 'call_2', 'call_3', 'call_4');
const approvalId = fc.constantFrom('approval_1', 'approval_2', 'approval_3');
const text = fc.oneof(
  fc.constantFrom('', '  ', 'hello', 'Workspace root is /repo', '帮我看看 src/auth.ts'),
  fc.string({ maxLength: 12 }),
);

const textPart = text.map((value): ModelMessagePart => ({ type: 'text', text: value }));
const imagePart = fc
  .constantFrom(PNG_BASE64, 'https://example.com/cat.png', `data:image/png;base64,${PNG_BASE64}`)
  .map((image): ModelMessagePart => ({ type: 'image', image, mediaType: 'image/png' }));
const filePart = fc.constantFrom<ModelMessagePart>(
  { type: 'file', data: PDF_BASE64, mediaType: 'application/pdf' },
  { type: 'file', data: 'https://example.com/report.pdf', mediaType: 'application/pdf' },
  {
    type: 'file',
    data: Buffer.from('plain notes').toString('base64'),
    mediaType: 'text/plain',
    filename: 'notes.txt',
  },
);
const reasoningPart = fc.constantFrom<ModelMessagePart>(
  { type: 'reasoning', text: 'thinking it over' },
  {
    type: 'reasoning',
    text: 'signed thinking',
    providerOptions: { anthropic: { signature: 'sig' } },
  },
);
// Blank names are valid input; `web_search` is the usual provider-executed tool; `toString`
// trips providers that look tool names up in plain objects.
const toolName = fc.constantFrom('Read', 'Bash', 'web_search', ' ', 'toString');
const toolCallPart = fc
  .record({
    toolCallId: callId,
    toolName,
    providerExecuted: fc.option(fc.boolean(), { nil: undefined, freq: 2 }),
  })
  .map(({ providerExecuted, ...call }): ModelMessagePart => ({
    type: 'tool-call',
    ...call,
    input: { path: 'src/auth.ts' },
    ...(providerExecuted === undefined ? {} : { providerExecuted }),
  }));
const toolResultPart = fc
  .record({
    toolCallId: callId,
    toolName: fc.option(toolName, { nil: undefined }),
    output: fc.constantFrom(
      { type: 'text' as const, value: 'file contents' },
      { type: 'json' as const, value: { lines: 3 } },
      { type: 'error-text' as const, value: 'ENOENT' },
      { type: 'execution-denied' as const, reason: 'not allowed' },
    ),
  })
  .map(({ toolName, ...rest }): ModelMessagePart => ({
    type: 'tool-result',
    ...rest,
    ...(toolName === undefined ? {} : { toolName }),
  }));
const approvalRequestPart = fc
  .record({ approvalId, toolCallId: callId })
  .map((request): ModelMessagePart => ({ type: 'tool-approval-request', ...request }));
const approvalResponsePart = fc
  .record({ approvalId, approved: fc.boolean() })
  .map((response): ModelMessagePart => ({ type: 'tool-approval-response', ...response }));

type Shape = Pick<ModelMessage, 'role' | 'semanticType' | 'content'>;

function shaped(
  role: ModelMessage['role'],
  semanticType: ModelSemanticType,
  content: fc.Arbitrary<ModelMessage['content']>,
): fc.Arbitrary<Shape> {
  return content.map((value) => ({ role, semanticType, content: value }));
}

/**
 * Model-view histories of any shape, for property tests of the serializer: every semantic type,
 * system notes and reminders anywhere, tool calls with and without results, results without
 * calls, duplicate ids, approvals with and without requests, whole steps (a call, its approval
 * and result), provider-executed calls (some with blank tool names), blank text, and (rarely)
 * parts in a message of the wrong role. `sourceMessageIds` are `m0`, `m1`, … in order.
 */
export function arbitraryModelMessages(
  options: ArbitraryModelMessagesOptions = {},
): fc.Arbitrary<ModelMessage[]> {
  const assistantFiles = options.assistantFiles ?? true;
  const anyPart = fc.oneof(
    textPart,
    imagePart,
    filePart,
    reasoningPart,
    toolCallPart,
    toolResultPart,
    approvalRequestPart,
    approvalResponsePart,
  );
  const assistantParts = assistantFiles
    ? fc.oneof(textPart, filePart, imagePart, reasoningPart)
    : fc.oneof(textPart, reasoningPart);
  const single = fc.oneof(
    {
      weight: 2,
      arbitrary: shaped(
        'system',
        'system_note',
        fc.oneof(text, fc.array(textPart, { maxLength: 2 })),
      ),
    },
    { weight: 2, arbitrary: shaped('system', 'runtime_reminder', text) },
    {
      weight: 4,
      arbitrary: shaped(
        'user',
        'user_input',
        fc.oneof(text, fc.array(fc.oneof(textPart, imagePart, filePart), { maxLength: 3 })),
      ),
    },
    { weight: 1, arbitrary: shaped('user', 'compact_summary', text) },
    { weight: 1, arbitrary: shaped('user', 'handoff_summary', text) },
    {
      weight: 3,
      arbitrary: shaped(
        'assistant',
        'assistant_text',
        fc.oneof(text, fc.array(assistantParts, { maxLength: 2 })),
      ),
    },
    {
      weight: 2,
      arbitrary: shaped(
        'assistant',
        'assistant_reasoning',
        fc.array(reasoningPart, { minLength: 1, maxLength: 2 }),
      ),
    },
    {
      weight: 4,
      arbitrary: shaped(
        'assistant',
        'tool_call',
        fc.array(fc.oneof(toolCallPart, toolCallPart, approvalRequestPart), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
    },
    {
      weight: 4,
      arbitrary: shaped(
        'tool',
        'tool_result',
        fc.array(fc.oneof(toolResultPart, toolResultPart, approvalResponsePart), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          role: fc.constantFrom<ModelMessage['role']>(
            'system',
            'user',
            'tool',
            ...(assistantFiles ? ['assistant' as const] : []),
          ),
          part: anyPart,
        })
        .map(({ role, part }): Shape => ({ role, semanticType: 'user_input', content: [part] })),
    },
  );
  const step = fc
    .record({
      toolCallId: callId,
      approval: fc.option(approvalId, { nil: undefined }),
      approved: fc.boolean(),
      answered: fc.boolean(),
      providerExecuted: fc.boolean(),
    })
    .map(({ toolCallId, approval, approved, answered, providerExecuted }): Shape[] => {
      const call: ModelMessagePart = {
        type: 'tool-call',
        toolCallId,
        toolName: providerExecuted ? 'web_search' : 'Read',
        input: { path: 'a.ts' },
        ...(providerExecuted ? { providerExecuted } : {}),
      };
      const request: ModelMessagePart[] =
        approval === undefined
          ? []
          : [{ type: 'tool-approval-request', approvalId: approval, toolCallId }];
      const response: ModelMessagePart[] =
        approval === undefined
          ? []
          : [{ type: 'tool-approval-response', approvalId: approval, approved }];
      const result: ModelMessagePart[] = answered
        ? [{ type: 'tool-result', toolCallId, output: { type: 'text', value: 'done' } }]
        : [];
      const answer = [...response, ...result];
      return [
        { role: 'assistant', semanticType: 'tool_call', content: [call, ...request] },
        ...(answer.length === 0
          ? []
          : [{ role: 'tool' as const, semanticType: 'tool_result' as const, content: answer }]),
      ];
    });
  const message = fc.oneof(
    { weight: 5, arbitrary: single.map((shape) => [shape]) },
    { weight: 1, arbitrary: step },
  );
  return fc
    .array(message, { maxLength: 10 })
    .map((groups) => groups.flat())
    .map((shapes) =>
      shapes.map((shape, index): ModelMessage => ({
        view: 'model',
        ...shape,
        sourceMessageIds: [`m${index}`],
      })),
    );
}
