import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: text, or a tool call (the model asks to run a tool). */
export type ScriptedAnswer =
  { text: string } | { toolUse: { id: string; name: string; input: Record<string, unknown> } };

/** A request body the stand-in received on `POST /v1/messages`. */
export interface ReceivedRequest {
  model?: string;
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  tools?: unknown[];
  stream?: boolean;
}

/** A loopback stand-in for the Anthropic Messages API, answering from a script. */
export interface AnthropicStandIn {
  /** `http://127.0.0.1:<port>`, for `ANTHROPIC_BASE_URL`. */
  url: string;
  /** Every `POST /v1/messages` body, in order. */
  received: ReceivedRequest[];
  /** The conversation requests only (those that offer tools: the agent loop's, not side calls). */
  conversation(): ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the stand-in. `answer` picks the reply of each conversation request (one that offers
 * tools); other requests (titles, summaries the CLI asks for on the side) get a short text. A
 * streaming request is answered with the Messages API's server-sent events, as the CLI reads them.
 */
export async function startAnthropicStandIn(
  answer: (request: ReceivedRequest, index: number) => ScriptedAnswer,
): Promise<AnthropicStandIn> {
  const received: ReceivedRequest[] = [];
  let conversationIndex = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const text = await bodyOf(request);
      const path = (request.url ?? '').split('?')[0];
      if (request.method === 'POST' && path === '/v1/messages/count_tokens') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ input_tokens: 100 }));
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/messages') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: path } }),
        );
        return;
      }
      const body = JSON.parse(text) as ReceivedRequest;
      received.push(body);
      const isConversation = Array.isArray(body.tools) && body.tools.length > 0;
      const reply = isConversation ? answer(body, conversationIndex++) : { text: 'Stand-in title' };
      const message = messageOf(reply, body.model ?? 'claude-stand-in', received.length);
      if (body.stream === true) {
        response.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          'request-id': `req_${received.length}`,
        });
        for (const [event, data] of sseEventsOf(message)) {
          response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        }
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(message));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    conversation: () =>
      received.filter((body) => Array.isArray(body.tools) && body.tools.length > 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface MessageBody {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: Array<Record<string, unknown>>;
  stop_reason: string;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number };
}

function messageOf(reply: ScriptedAnswer, model: string, index: number): MessageBody {
  const content =
    'text' in reply
      ? [{ type: 'text', text: reply.text }]
      : [
          {
            type: 'tool_use',
            id: reply.toolUse.id,
            name: reply.toolUse.name,
            input: reply.toolUse.input,
          },
        ];
  return {
    id: `msg_stand_in_${index}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: 'text' in reply ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20 },
  };
}

function sseEventsOf(message: MessageBody): Array<[string, unknown]> {
  const events: Array<[string, unknown]> = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          ...message,
          content: [],
          stop_reason: null,
          usage: { ...message.usage, output_tokens: 1 },
        },
      },
    ],
  ];
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
      ]);
    } else {
      events.push([
        'content_block_start',
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        },
      ]);
      events.push([
        'content_block_delta',
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: message.usage.output_tokens },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
