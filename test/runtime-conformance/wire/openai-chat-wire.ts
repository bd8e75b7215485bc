import { arrayOf, recordOf, textOf, type RequestFacts, type WireFormat } from './wire-format';
import type { ScriptedReply } from './scripted-reply';

/**
 * OpenAI's Chat Completions API (`POST /v1/chat/completions`): no reasoning field at all, tool
 * calls in the assistant message's `tool_calls`, results `tool` messages, the system prompt a
 * leading `system`/`developer` message.
 */
export const openaiChatWire: WireFormat = {
  provider: 'openai.chat',
  handles: (url) => new URL(url).pathname.endsWith('/v1/chat/completions'),
  respond: (reply: ScriptedReply, sequence: number) => {
    if (reply.reasoning !== undefined) {
      throw new Error('The Chat Completions API returns no reasoning: script none for openai.chat');
    }
    const toolCalls = reply.toolCalls ?? [];
    return {
      id: `chatcmpl-conformance${String(sequence).padStart(4, '0')}`,
      object: 'chat.completion',
      created: 1_767_225_600 + sequence,
      model: 'gpt-4.1-mini-2025-04-14',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: reply.text ?? null,
            ...(toolCalls.length === 0
              ? {}
              : {
                  tool_calls: toolCalls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: call.name, arguments: JSON.stringify(call.input) },
                  })),
                }),
          },
          finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: 1000 + sequence * 50,
        completion_tokens: 90,
        total_tokens: 1090 + sequence * 50,
      },
    };
  },
  read: (body: unknown): RequestFacts => {
    const messages = arrayOf(recordOf(body)?.['messages']);
    const first = recordOf(messages[0]);
    const facts: RequestFacts = {
      systemTexts:
        first?.['role'] === 'system' || first?.['role'] === 'developer'
          ? [textOf(first['content'])]
          : [],
      toolCallIds: [],
      toolResults: new Map(),
      reasoningPointers: new Set(),
    };
    for (const entry of messages) {
      const message = recordOf(entry);
      for (const call of arrayOf(message?.['tool_calls'])) {
        facts.toolCallIds.push(String(recordOf(call)?.['id']));
      }
      if (message?.['role'] === 'tool') {
        facts.toolResults.set(String(message['tool_call_id']), textOf(message['content']));
      }
    }
    return facts;
  },
};
