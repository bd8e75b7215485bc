import { arrayOf, recordOf, textOf, type RequestFacts, type WireFormat } from './wire-format';
import type { ScriptedReply } from './scripted-reply';

/**
 * OpenAI's Responses API (`POST /v1/responses`), stateless (`store: false`): reasoning is a
 * `reasoning` item with `encrypted_content` and its summary, tool calls `function_call` items,
 * results `function_call_output` items; the system prompt `instructions` or a leading
 * `system`/`developer` item.
 */
export const openaiResponsesWire: WireFormat = {
  provider: 'openai',
  handles: (url) => new URL(url).pathname.endsWith('/v1/responses'),
  respond: (reply: ScriptedReply, sequence: number) => {
    const id = String(sequence).padStart(4, '0');
    const toolCalls = reply.toolCalls ?? [];
    return {
      id: `resp_conformance${id}`,
      object: 'response',
      created_at: 1_767_225_600 + sequence,
      status: 'completed',
      model: 'gpt-5-2025-08-07',
      output: [
        ...(reply.reasoning === undefined
          ? []
          : [
              {
                type: 'reasoning',
                id: `rs_conformance${id}`,
                encrypted_content: `gAAAAA${Buffer.from(`openai-reasoning-${sequence}`).toString('base64')}`,
                summary: [{ type: 'summary_text', text: reply.reasoning }],
              },
            ]),
        ...(reply.text === undefined
          ? []
          : [
              {
                type: 'message',
                id: `msg_conformance${id}`,
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: reply.text, annotations: [] }],
              },
            ]),
        ...toolCalls.map((call, index) => ({
          type: 'function_call',
          id: `fc_conformance${id}_${index}`,
          call_id: call.id,
          name: call.name,
          arguments: JSON.stringify(call.input),
          status: 'completed',
        })),
      ],
      incomplete_details: null,
      usage: {
        input_tokens: 1000 + sequence * 50,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 140,
        output_tokens_details: { reasoning_tokens: reply.reasoning === undefined ? 0 : 64 },
        total_tokens: 1140 + sequence * 50,
      },
    };
  },
  read: (body: unknown): RequestFacts => {
    const request = recordOf(body);
    const input = arrayOf(request?.['input']);
    const first = recordOf(input[0]);
    const facts: RequestFacts = {
      systemTexts: [
        ...(typeof request?.['instructions'] === 'string' ? [request['instructions']] : []),
        ...(first?.['role'] === 'system' || first?.['role'] === 'developer'
          ? [textOf(first['content'])]
          : []),
      ],
      toolCallIds: [],
      toolResults: new Map(),
      reasoningPointers: new Set(),
    };
    input.forEach((entry, index) => {
      const item = recordOf(entry);
      if (item?.['type'] === 'reasoning') {
        arrayOf(item['summary']).forEach((_summary, summaryIndex) =>
          facts.reasoningPointers.add(`/input/${index}/summary/${summaryIndex}/text`),
        );
      }
      if (item?.['type'] === 'function_call') facts.toolCallIds.push(String(item['call_id']));
      if (item?.['type'] === 'function_call_output') {
        facts.toolResults.set(String(item['call_id']), textOf(item['output']));
      }
    });
    return facts;
  },
};
