import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ModelMessage } from '@agent-ledger/projections';
import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import {
  generateText,
  jsonSchema,
  stepCountIs,
  tool,
  type ModelMessage as AiSdkModelMessage,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { fromAiSdkMessages } from './from-ai-sdk-messages';
import { aiSdkMessageViolations } from './testing';
import { toAiSdkMessages } from './to-ai-sdk-messages';

/**
 * A minimal runtime → model-view projection, local to this test: every model-facing kind keeps
 * its role and content (the real `projectToModel` is written elsewhere).
 */
function project(messages: RuntimeMessage[]): ModelMessage[] {
  return messages.flatMap((message): ModelMessage[] => {
    const base = { view: 'model' as const, sourceMessageIds: [message.id] };
    switch (message.kind) {
      case 'system_note':
      case 'runtime_reminder':
      case 'user_input':
      case 'assistant_text':
      case 'assistant_reasoning':
      case 'tool_call':
      case 'tool_result':
      case 'compact_summary':
      case 'handoff_summary':
        return [
          { ...base, role: message.role, semanticType: message.kind, content: message.content },
        ];
      case 'tool_approval_request':
        return [
          { ...base, role: 'assistant', semanticType: 'tool_call', content: message.content },
        ];
      case 'tool_approval_response':
        return [{ ...base, role: 'tool', semanticType: 'tool_result', content: message.content }];
      case 'compact_boundary':
      case 'agent_switch_note':
        return [];
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  });
}

function ids(): () => string {
  let next = 0;
  return () => `msg-${++next}`;
}

const options = { sessionId: 's1', now: '2026-04-08T10:00:00.000Z' };
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const userInput: RuntimeMessage = {
  id: 'msg-0',
  sessionId: 's1',
  kind: 'user_input',
  role: 'user',
  createdAt: '2026-04-08T09:59:00.000Z',
  content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
};

function step(
  content: LanguageModelV3GenerateResult['content'],
  finish: 'stop' | 'tool-calls',
): LanguageModelV3GenerateResult {
  return { content, finishReason: { unified: finish, raw: undefined }, usage, warnings: [] };
}

describe('round trip: response.messages → runtime → model view → AI SDK', () => {
  it.each([undefined, 'anthropic', 'openai'])(
    'gives back the same AI SDK messages for a multi-step tool run (provider %s)',
    async (provider) => {
      const model = new MockLanguageModelV3({
        doGenerate: [
          step(
            [
              {
                type: 'reasoning',
                text: 'Read the file first.',
                // Each provider replays only the reasoning its own family signed.
                providerMetadata:
                  provider === 'openai'
                    ? { openai: { itemId: 'rs_1' } }
                    : { anthropic: { signature: 'sig-1' } },
              },
              { type: 'text', text: '我先定位问题。' },
              {
                type: 'tool-call',
                toolCallId: 'call_1',
                toolName: 'Read',
                input: JSON.stringify({ file_path: 'src/auth.ts' }),
              },
            ],
            'tool-calls',
          ),
          step([{ type: 'text', text: 'Found it: the token check is inverted.' }], 'stop'),
        ],
      });
      const result = await generateText({
        model,
        messages: [{ role: 'user', content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。' }],
        tools: {
          Read: tool({
            inputSchema: jsonSchema<{ file_path: string }>({
              type: 'object',
              properties: { file_path: { type: 'string' } },
            }),
            execute: ({ file_path }) => Promise.resolve(`contents of ${file_path}`),
          }),
        },
        stopWhen: stepCountIs(3),
      });
      const runtime = fromAiSdkMessages(result.response.messages, {
        ...options,
        generateId: ids(),
      });
      expect(runtime.map((message) => message.kind)).toEqual([
        'assistant_reasoning',
        'assistant_text',
        'tool_call',
        'tool_result',
        'assistant_text',
      ]);
      const serialized = toAiSdkMessages(project([userInput, ...runtime]), { provider });
      expect(serialized).toEqual([
        { role: 'user', content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。' },
        ...result.response.messages,
      ]);
      expect(aiSdkMessageViolations(serialized, { provider })).toEqual([]);
    },
  );

  it('carries a tool approval through: the pending response is left for generateText, which executes it', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        step(
          [
            {
              type: 'tool-call',
              toolCallId: 'call_1',
              toolName: 'Bash',
              input: JSON.stringify({ command: 'npm test' }),
            },
          ],
          'tool-calls',
        ),
        step([{ type: 'text', text: 'All tests pass.' }], 'stop'),
      ],
    });
    const tools = {
      Bash: tool({
        inputSchema: jsonSchema<{ command: string }>({
          type: 'object',
          properties: { command: { type: 'string' } },
        }),
        needsApproval: true,
        execute: () => Promise.resolve('12 passed'),
      }),
    };
    const generateId = ids();
    const first = await generateText({
      model,
      messages: [{ role: 'user', content: 'Run the tests' }],
      tools,
    });
    const [stepMessage] = first.response.messages;
    const approvalRequest =
      stepMessage?.role === 'assistant' && typeof stepMessage.content !== 'string'
        ? stepMessage.content.find((part) => part.type === 'tool-approval-request')
        : undefined;
    expect(approvalRequest).toBeDefined();
    const approval: AiSdkModelMessage = {
      role: 'tool',
      content: [
        { type: 'tool-approval-response', approvalId: approvalRequest!.approvalId, approved: true },
      ],
    };
    const runtime: RuntimeMessage[] = [
      { ...userInput, content: 'Run the tests' },
      ...fromAiSdkMessages(first.response.messages, { ...options, generateId }),
      ...fromAiSdkMessages([approval], { ...options, generateId }),
    ];
    const pending = toAiSdkMessages(project(runtime), { provider: 'anthropic' });
    expect(pending).toEqual([
      { role: 'user', content: 'Run the tests' },
      ...first.response.messages,
      approval,
    ]);

    const second = await generateText({ model, messages: pending, tools });
    const [executed, answer] = second.response.messages;
    expect(executed).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'Bash',
          output: { type: 'text', value: '12 passed' },
        },
      ],
    });
    const full = [
      ...runtime,
      ...fromAiSdkMessages(second.response.messages, { ...options, generateId }),
    ];
    expect(toAiSdkMessages(project(full), { provider: 'anthropic' })).toEqual([
      { role: 'user', content: 'Run the tests' },
      ...first.response.messages,
      // The approval response and the result it led to, in one tool message.
      {
        role: 'tool',
        content: [
          {
            type: 'tool-approval-response',
            approvalId: approvalRequest!.approvalId,
            approved: true,
          },
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Bash',
            output: { type: 'text', value: '12 passed' },
          },
        ],
      },
      answer,
    ]);
  });
});
