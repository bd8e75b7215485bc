import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import {
  NonJsonValueError,
  UnsupportedAiSdkMessageError,
  UnsupportedAiSdkPartError,
} from './errors';
import { fromAiSdkMessages, type FromAiSdkMessagesOptions } from './from-ai-sdk-messages';

function options(extra: Partial<FromAiSdkMessagesOptions> = {}): FromAiSdkMessagesOptions {
  let next = 0;
  return {
    sessionId: 's1',
    now: '2026-04-08T10:00:00.000Z',
    generateId: () => `id-${++next}`,
    ...extra,
  };
}

const base = { sessionId: 's1', createdAt: '2026-04-08T10:00:00.000Z' };

describe('fromAiSdkMessages', () => {
  describe('assistant messages', () => {
    it('turn reasoning, text and the step’s tool calls into one message each, in order', () => {
      const step: AssistantModelMessage = {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'Read it first.',
            providerOptions: { anthropic: { signature: 'sig' } },
          },
          { type: 'text', text: 'Reading both files.' },
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Read',
            input: { file_path: 'a.ts' },
          },
          {
            type: 'tool-call',
            toolCallId: 'call_2',
            toolName: 'Read',
            input: { file_path: 'b.ts' },
          },
        ],
      };
      expect(fromAiSdkMessages([step], options({ runId: 'run-1', agentName: 'coder' }))).toEqual([
        {
          ...base,
          id: 'id-1',
          runId: 'run-1',
          metadata: { agentName: 'coder' },
          kind: 'assistant_reasoning',
          role: 'assistant',
          content: [
            {
              type: 'reasoning',
              text: 'Read it first.',
              providerOptions: { anthropic: { signature: 'sig' } },
            },
          ],
        },
        {
          ...base,
          id: 'id-2',
          runId: 'run-1',
          metadata: { agentName: 'coder' },
          kind: 'assistant_text',
          role: 'assistant',
          content: [{ type: 'text', text: 'Reading both files.' }],
        },
        {
          ...base,
          id: 'id-3',
          runId: 'run-1',
          metadata: { agentName: 'coder' },
          kind: 'tool_call',
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call_1',
              toolName: 'Read',
              input: { file_path: 'a.ts' },
            },
            {
              type: 'tool-call',
              toolCallId: 'call_2',
              toolName: 'Read',
              input: { file_path: 'b.ts' },
            },
          ],
        },
      ]);
    });

    it('put every tool call of the message in one tool_call message, where the first call was', () => {
      const step: AssistantModelMessage = {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
          { type: 'text', text: 'and also' },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'Bash', input: {} },
        ],
      };
      expect(fromAiSdkMessages([step], options())).toEqual([
        {
          ...base,
          id: 'id-1',
          kind: 'tool_call',
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
            { type: 'tool-call', toolCallId: 'call_2', toolName: 'Bash', input: {} },
          ],
        },
        {
          ...base,
          id: 'id-2',
          kind: 'assistant_text',
          role: 'assistant',
          content: [{ type: 'text', text: 'and also' }],
        },
      ]);
    });

    it('keep a string content as a string, and give empty content no message', () => {
      expect(
        fromAiSdkMessages(
          [
            { role: 'assistant', content: 'Done.' },
            { role: 'assistant', content: '' },
            { role: 'assistant', content: [] },
          ],
          options(),
        ),
      ).toEqual([
        { ...base, id: 'id-1', kind: 'assistant_text', role: 'assistant', content: 'Done.' },
      ]);
    });

    it('turn file parts into assistant_text file parts: bytes to base64, URLs to strings', () => {
      const bytes = new TextEncoder().encode('hello');
      expect(
        fromAiSdkMessages(
          [
            {
              role: 'assistant',
              content: [
                { type: 'text', text: 'Here they are.' },
                { type: 'file', data: bytes, mediaType: 'text/plain', filename: 'hello.txt' },
                { type: 'file', data: bytes.buffer, mediaType: 'text/plain' },
                {
                  type: 'file',
                  data: new URL('https://example.com/chart.png'),
                  mediaType: 'image/png',
                },
                { type: 'file', data: 'aGVsbG8=', mediaType: 'text/plain' },
              ],
            },
          ],
          options(),
        ),
      ).toEqual([
        {
          ...base,
          id: 'id-1',
          kind: 'assistant_text',
          role: 'assistant',
          content: [
            { type: 'text', text: 'Here they are.' },
            { type: 'file', data: 'aGVsbG8=', mediaType: 'text/plain', filename: 'hello.txt' },
            { type: 'file', data: 'aGVsbG8=', mediaType: 'text/plain' },
            { type: 'file', data: 'https://example.com/chart.png', mediaType: 'image/png' },
            { type: 'file', data: 'aGVsbG8=', mediaType: 'text/plain' },
          ],
        },
      ]);
    });

    it('turn approval requests into tool_approval_request (signature kept), and provider-executed results into tool_result', () => {
      expect(
        fromAiSdkMessages(
          [
            {
              role: 'assistant',
              content: [
                {
                  type: 'tool-call',
                  toolCallId: 'ws_1',
                  toolName: 'web_search',
                  input: { query: 'x' },
                  providerExecuted: true,
                },
                {
                  type: 'tool-result',
                  toolCallId: 'ws_1',
                  toolName: 'web_search',
                  output: { type: 'json', value: [] },
                },
                {
                  type: 'tool-call',
                  toolCallId: 'call_1',
                  toolName: 'Bash',
                  input: { command: 'ls' },
                },
                {
                  type: 'tool-approval-request',
                  approvalId: 'approval_1',
                  toolCallId: 'call_1',
                  signature: 'hmac',
                },
              ],
            },
          ],
          options(),
        ),
      ).toEqual([
        {
          ...base,
          id: 'id-1',
          kind: 'tool_call',
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'ws_1',
              toolName: 'web_search',
              input: { query: 'x' },
              providerExecuted: true,
            },
            { type: 'tool-call', toolCallId: 'call_1', toolName: 'Bash', input: { command: 'ls' } },
          ],
        },
        {
          ...base,
          id: 'id-2',
          kind: 'tool_result',
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'ws_1',
              toolName: 'web_search',
              output: { type: 'json', value: [] },
            },
          ],
        },
        {
          ...base,
          id: 'id-3',
          kind: 'tool_approval_request',
          role: 'assistant',
          content: [
            {
              type: 'tool-approval-request',
              approvalId: 'approval_1',
              toolCallId: 'call_1',
              signature: 'hmac',
            },
          ],
        },
      ]);
    });
  });

  describe('tool messages', () => {
    it('turn results into tool_result with toolName kept, and approval responses into tool_approval_response', () => {
      const tool: ToolModelMessage = {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'text', value: 'A' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'Read',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: 'chart:' },
                { type: 'image-data', data: 'iVBORw0=', mediaType: 'image/png' },
              ],
            },
          },
          {
            type: 'tool-approval-response',
            approvalId: 'approval_1',
            approved: false,
            reason: 'no',
          },
        ],
      };
      expect(fromAiSdkMessages([tool], options())).toEqual([
        {
          ...base,
          id: 'id-1',
          kind: 'tool_result',
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'text', value: 'A' },
            },
            {
              type: 'tool-result',
              toolCallId: 'call_2',
              toolName: 'Read',
              output: {
                type: 'content',
                value: [
                  { type: 'text', text: 'chart:' },
                  { type: 'media', data: 'iVBORw0=', mediaType: 'image/png' },
                ],
              },
            },
          ],
        },
        {
          ...base,
          id: 'id-2',
          kind: 'tool_approval_response',
          role: 'tool',
          content: [
            {
              type: 'tool-approval-response',
              approvalId: 'approval_1',
              approved: false,
              reason: 'no',
            },
          ],
        },
      ]);
    });
  });

  describe('values that cannot be stored', () => {
    it('throw UnsupportedAiSdkPartError naming an unknown part type', () => {
      // Bypasses the types on purpose: a part type a newer AI SDK might send.
      const future = {
        role: 'assistant',
        content: [{ type: 'source', url: 'https://x' }],
      } as unknown as AssistantModelMessage;
      expect(() => fromAiSdkMessages([future], options())).toThrow(
        new UnsupportedAiSdkPartError('source', 'response message 0, part 0'),
      );
    });

    it('throw UnsupportedAiSdkPartError for a tool output item with no runtime form', () => {
      const tool: ToolModelMessage = {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Fetch',
            output: {
              type: 'content',
              value: [{ type: 'file-url', url: 'https://example.com/a.pdf' }],
            },
          },
        ],
      };
      expect(() => fromAiSdkMessages([tool], options())).toThrow(UnsupportedAiSdkPartError);
      expect(() => fromAiSdkMessages([tool], options())).toThrow(
        /tool output content item file-url/,
      );
    });

    it('throw UnsupportedAiSdkMessageError for a message that is not assistant or tool', () => {
      // Bypasses the types on purpose: a caller passing the whole conversation.
      const user = { role: 'user', content: 'hi' } as unknown as AssistantModelMessage;
      expect(() => fromAiSdkMessages([user], options())).toThrow(
        new UnsupportedAiSdkMessageError('user', 'response message 0'),
      );
    });

    it('throw NonJsonValueError for a tool input that is not JSON, and leave out undefined properties', () => {
      const withFunction: AssistantModelMessage = {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Run',
            input: { when: new Date(0) },
          },
        ],
      };
      expect(() => fromAiSdkMessages([withFunction], options())).toThrow(
        new NonJsonValueError('response message 0, part 0, input.when', 'Date'),
      );
      const withUndefined: AssistantModelMessage = {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Run',
            input: { a: 1, b: undefined },
          },
        ],
      };
      expect(fromAiSdkMessages([withUndefined], options())[0]).toEqual({
        ...base,
        id: 'id-1',
        kind: 'tool_call',
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Run', input: { a: 1 } }],
      });
    });
  });

  it('keeps an approval request’s signature and inputSchemaInput, which the next generateText checks', () => {
    expect(
      fromAiSdkMessages(
        [
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-approval-request',
                approvalId: 'approval_1',
                toolCallId: 'call_1',
                signature: 'Zm9vYmFy',
                inputSchemaInput: { limit: '10', when: undefined },
              },
            ],
          },
        ],
        options(),
      ),
    ).toEqual([
      {
        ...base,
        id: 'id-1',
        kind: 'tool_approval_request',
        role: 'assistant',
        content: [
          {
            type: 'tool-approval-request',
            approvalId: 'approval_1',
            toolCallId: 'call_1',
            signature: 'Zm9vYmFy',
            inputSchemaInput: { limit: '10' },
          },
        ],
      },
    ]);
  });

  it('tells generateId which response message each runtime message comes from, and how many it became', () => {
    const sources: unknown[] = [];
    const messages: Array<AssistantModelMessage | ToolModelMessage> = [
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_0',
            toolName: 'Bash',
            output: { type: 'text', value: 'approved and run' },
          },
        ],
      },
      { role: 'assistant', content: '' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Read it.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
        ],
      },
    ];
    const ids = fromAiSdkMessages(messages, {
      ...options(),
      generateId: (source) => {
        sources.push(source);
        return `g:${source.messageIndex}.${source.runIndex}`;
      },
    }).map((message) => message.id);
    expect(ids).toEqual(['g:0.0', 'g:2.0', 'g:2.1']);
    expect(sources).toEqual([
      { messageIndex: 0, runIndex: 0, runCount: 1 },
      { messageIndex: 2, runIndex: 0, runCount: 2 },
      { messageIndex: 2, runIndex: 1, runCount: 2 },
    ]);
  });

  it('is deterministic: same input and same id sequence, same output', () => {
    const messages: Array<AssistantModelMessage | ToolModelMessage> = [
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'text', value: 'A' },
          },
        ],
      },
    ];
    expect(fromAiSdkMessages(messages, options())).toEqual(fromAiSdkMessages(messages, options()));
    expect(fromAiSdkMessages(messages, options()).map((message) => message.id)).toEqual([
      'id-1',
      'id-2',
    ]);
  });
});
