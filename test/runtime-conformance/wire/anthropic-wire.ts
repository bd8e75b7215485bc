import { arrayOf, recordOf, textOf, type RequestFacts, type WireFormat } from './wire-format';
import type { ScriptedReply } from './scripted-reply';

/**
 * Anthropic's Messages API (`POST /v1/messages`): reasoning is a `thinking` block with its
 * `signature`, tool calls are `tool_use` blocks, results `tool_result` blocks of a user message,
 * the system prompt the top-level `system` blocks.
 */
export const anthropicWire: WireFormat = {
  provider: 'anthropic',
  handles: (url) => new URL(url).pathname.endsWith('/v1/messages'),
  respond: (reply: ScriptedReply, sequence: number) => {
    const toolCalls = reply.toolCalls ?? [];
    return {
      id: `msg_01conformance${String(sequence).padStart(4, '0')}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [
        ...(reply.reasoning === undefined
          ? []
          : [
              {
                type: 'thinking',
                thinking: reply.reasoning,
                signature: Buffer.from(`anthropic-signature-${sequence}`).toString('base64'),
              },
            ]),
        ...(reply.text === undefined ? [] : [{ type: 'text', text: reply.text }]),
        ...toolCalls.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.input,
        })),
      ],
      stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 1000 + sequence * 50,
        output_tokens: 120,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    };
  },
  read: (body: unknown): RequestFacts => {
    const request = recordOf(body);
    const facts: RequestFacts = {
      systemTexts: arrayOf(request?.['system']).map((block) => textOf(recordOf(block)?.['text'])),
      toolCallIds: [],
      toolResults: new Map(),
      reasoningPointers: new Set(),
    };
    arrayOf(request?.['messages']).forEach((message, messageIndex) => {
      arrayOf(recordOf(message)?.['content']).forEach((item, blockIndex) => {
        const block = recordOf(item);
        if (block?.['type'] === 'thinking') {
          facts.reasoningPointers.add(`/messages/${messageIndex}/content/${blockIndex}/thinking`);
        }
        if (block?.['type'] === 'tool_use') facts.toolCallIds.push(String(block['id']));
        if (block?.['type'] === 'tool_result') {
          facts.toolResults.set(String(block['tool_use_id']), textOf(block['content']));
        }
      });
    });
    return facts;
  },
};
