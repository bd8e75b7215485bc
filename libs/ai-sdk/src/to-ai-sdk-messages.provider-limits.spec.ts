import { anthropicRequestViolations, captureAnthropicRequest, modelMessage as m } from './testing';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';
import { toAiSdkPrompt } from './to-ai-sdk-prompt';

// The AI SDK logs provider warnings to the console; they are not under test.
Reflect.set(globalThis, 'AI_SDK_LOG_WARNINGS', false);

const ask = m('m1', 'user', 'user_input', 'Search the web');
const searchCall = m('m2', 'assistant', 'tool_call', [
  {
    type: 'tool-call',
    toolCallId: 'ws_1',
    toolName: 'web_search',
    input: { query: 'ai sdk' },
    providerExecuted: true,
  },
]);
const searchResult = m('m3', 'tool', 'tool_result', [
  { type: 'tool-result', toolCallId: 'ws_1', output: { type: 'json', value: [] } },
]);
const answer = m('m4', 'assistant', 'assistant_text', 'Nothing found.');
const searchText =
  '[Provider tool "web_search" was called with {"query":"ai sdk"} and returned: []]';

describe('provider-executed tool calls', () => {
  it.each([undefined, 'anthropic', 'openai', 'google'])(
    'are sent with their result as assistant text in their place, for every provider (%s)',
    (provider) => {
      expect(
        toAiSdkMessagesWithReport([ask, searchCall, searchResult, answer], { provider }),
      ).toEqual({
        messages: [
          { role: 'user', content: 'Search the web' },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: searchText },
              { type: 'text', text: 'Nothing found.' },
            ],
          },
        ],
        fallbacks: [
          {
            rule: 'tool-call-as-text',
            detail:
              'Provider-executed tool call ws_1 ("web_search") and its result sent as assistant text: no provider replays another\'s server tools.',
            sourceMessageIds: ['m2', 'm3'],
          },
        ],
      });
    },
  );

  it('without a result get no synthetic result, and say none was recorded', () => {
    expect(
      toAiSdkMessagesWithReport([ask, searchCall, m('m3', 'user', 'user_input', 'And?')]),
    ).toEqual({
      messages: [
        { role: 'user', content: 'Search the web' },
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: '[Provider tool "web_search" was called with {"query":"ai sdk"}; no result was recorded]',
            },
          ],
        },
        { role: 'user', content: 'And?' },
      ],
      fallbacks: [
        {
          rule: 'tool-call-as-text',
          detail:
            'Provider-executed tool call ws_1 ("web_search") sent as assistant text: no provider replays another\'s server tools.',
          sourceMessageIds: ['m2'],
        },
      ],
    });
  });

  it('take their approval into the text, leaving no approval parts behind', () => {
    const report = toAiSdkMessagesWithReport(
      [
        ask,
        m('m2', 'assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: 'mcp_1',
            toolName: 'deploy',
            input: {},
            providerExecuted: true,
          },
        ]),
        m('m3', 'assistant', 'tool_call', [
          { type: 'tool-approval-request', approvalId: 'ap_1', toolCallId: 'mcp_1' },
        ]),
        m('m4', 'tool', 'tool_result', [
          { type: 'tool-approval-response', approvalId: 'ap_1', approved: false, reason: 'no' },
        ]),
      ],
      { provider: 'openai' },
    );
    expect(report).toEqual({
      messages: [
        { role: 'user', content: 'Search the web' },
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: '[Provider tool "deploy" was called with {} (approval denied: no); no result was recorded]',
            },
          ],
        },
      ],
      fallbacks: [
        {
          rule: 'tool-call-as-text',
          detail:
            'Provider-executed tool call mcp_1 ("deploy") sent as assistant text: no provider replays another\'s server tools.',
          sourceMessageIds: ['m2', 'm3', 'm4'],
        },
      ],
    });
  });

  it('keep their place among the step’s own tool calls, whose results still follow in a tool message', () => {
    const { messages } = toAiSdkMessagesWithReport([
      ask,
      m('m2', 'assistant', 'tool_call', [
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'Read',
          input: { file_path: 'a.ts' },
        },
        {
          type: 'tool-call',
          toolCallId: 'ws_1',
          toolName: 'web_search',
          input: { query: 'ai sdk' },
          providerExecuted: true,
        },
      ]),
      m('m3', 'tool', 'tool_result', [
        { type: 'tool-result', toolCallId: 'ws_1', output: { type: 'json', value: [] } },
        { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'code' } },
      ]),
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'Search the web' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Read',
            input: { file_path: 'a.ts' },
          },
          { type: 'text', text: searchText },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'text', value: 'code' },
          },
        ],
      },
    ]);
  });

  it('with a blank tool name reach Anthropic as a non-empty assistant message', async () => {
    // The shape @ai-sdk/anthropic used to drop ("provider executed tool call for tool   is not
    // supported"), leaving an assistant message with empty content.
    const history = [
      m('m1', 'assistant', 'tool_call', [
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: ' ',
          input: {},
          providerExecuted: true,
        },
      ]),
      m('m2', 'tool', 'tool_result', [
        { type: 'tool-result', toolCallId: 'call_1', output: { type: 'error-text', value: '' } },
      ]),
      m('m3', 'system', 'system_note', 'Be brief.'),
    ];
    const body = await captureAnthropicRequest(toAiSdkPrompt(history, { provider: 'anthropic' }));
    expect(body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 64000,
      messages: [
        { role: 'user', content: [{ type: 'text', text: '[Conversation continues]' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '[Provider tool " " was called with {} and failed: (empty)]' },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'text', text: '<system-reminder>\nBe brief.\n</system-reminder>' }],
        },
      ],
    });
    expect(anthropicRequestViolations(body)).toEqual([]);
  });
});

describe('tool calls named like an Object.prototype member', () => {
  it('are sent with their result as text, since the providers look names up in plain objects', () => {
    expect(
      toAiSdkMessagesWithReport([
        ask,
        m('m2', 'assistant', 'tool_call', [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'toString', input: false },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'Read', input: {} },
        ]),
        m('m3', 'tool', 'tool_result', [
          { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: '' } },
          { type: 'tool-result', toolCallId: 'call_2', output: { type: 'json', value: [] } },
        ]),
      ]),
    ).toEqual({
      messages: [
        { role: 'user', content: 'Search the web' },
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: '[Tool "toString" was called with false and returned: (empty)]',
            },
            { type: 'tool-call', toolCallId: 'call_2', toolName: 'Read', input: {} },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_2',
              toolName: 'Read',
              output: { type: 'json', value: [] },
            },
          ],
        },
      ],
      fallbacks: [
        {
          rule: 'tool-call-as-text',
          detail:
            'Tool call call_1 ("toString") and its result sent as assistant text: AI SDK providers mistake its name for an Object.prototype member.',
          sourceMessageIds: ['m2', 'm3'],
        },
      ],
    });
  });

  it.each(['constructor', '__proto__', 'hasOwnProperty'])(
    'give Anthropic a valid request (%s)',
    async (toolName) => {
      const prompt = toAiSdkPrompt(
        [
          ask,
          m('m2', 'assistant', 'tool_call', [
            { type: 'tool-call', toolCallId: 'call_1', toolName, input: {} },
          ]),
          m('m3', 'tool', 'tool_result', [
            { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'x' } },
          ]),
        ],
        { provider: 'anthropic' },
      );
      expect(anthropicRequestViolations(await captureAnthropicRequest(prompt))).toEqual([]);
    },
  );
});

describe('files in assistant messages', () => {
  const fileReply = m('m2', 'assistant', 'assistant_text', [
    { type: 'file', data: 'cGxhaW4gbm90ZXM=', mediaType: 'text/plain', filename: 'notes.txt' },
    { type: 'file', data: 'https://example.com/report.pdf', mediaType: 'application/pdf' },
  ]);
  const notesText =
    '[Attachment omitted: notes.txt (text/plain) — this provider takes no files in assistant messages]';
  const reportText =
    '[Attachment omitted: file (application/pdf) — this provider takes no files in assistant messages]';

  it.each([undefined, 'anthropic', 'openai'])(
    'become text notes for providers that drop them (%s)',
    (provider) => {
      expect(toAiSdkMessagesWithReport([ask, fileReply], { provider })).toEqual({
        messages: [
          { role: 'user', content: 'Search the web' },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: notesText },
              { type: 'text', text: reportText },
            ],
          },
        ],
        fallbacks: [
          {
            rule: 'assistant-file-as-text',
            detail:
              '2 file part(s) of an assistant message, which this provider does not send, replaced by a text note.',
            sourceMessageIds: ['m2'],
          },
        ],
      });
    },
  );

  it('stay files for Google when their data is inline; URLs, which Google refuses, become notes', () => {
    expect(toAiSdkMessagesWithReport([ask, fileReply], { provider: 'google' })).toEqual({
      messages: [
        { role: 'user', content: 'Search the web' },
        {
          role: 'assistant',
          content: [
            {
              type: 'file',
              data: 'cGxhaW4gbm90ZXM=',
              mediaType: 'text/plain',
              filename: 'notes.txt',
            },
            { type: 'text', text: reportText },
          ],
        },
      ],
      fallbacks: [
        {
          rule: 'assistant-file-as-text',
          detail:
            '1 file part(s) of an assistant message, which this provider does not send, replaced by a text note.',
          sourceMessageIds: ['m2'],
        },
      ],
    });
  });

  it('never leave an Anthropic assistant message empty', async () => {
    const body = await captureAnthropicRequest(
      toAiSdkPrompt([ask, fileReply], { provider: 'anthropic' }),
    );
    expect(anthropicRequestViolations(body)).toEqual([]);
  });
});
