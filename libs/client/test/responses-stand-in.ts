import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the stand-in answers to one `POST /v1/responses`: a text, function calls, or a text after
 * a server-side compaction (the `compaction` item first, its `encrypted_content` as given, as the
 * API returns it when the context crosses `context_management`'s threshold).
 */
export type StandInReply =
  | { text: string }
  | { functionCalls: Array<{ callId: string; name: string; arguments: unknown }> }
  | { compaction: string; text: string };

/** A local stand-in for OpenAI's Responses API, answering scripted replies in order. */
export interface ResponsesStandIn {
  /** `http://127.0.0.1:<port>/v1`: the `baseURL` of an `OpenAI` client. */
  baseURL: string;
  /** The request bodies it was sent, in order. */
  requests: Array<Record<string, unknown>>;
  /** The bodies of the `POST /v1/responses/compact` requests, in order. */
  compactRequests: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The `encrypted_content` of the compaction item the `n`th compact request (from 1) answers. */
export const compactedContentOf = (n: number) => `gAAAA-compacted-${n}`;

/**
 * Starts a loopback HTTP server that answers `POST /v1/responses` as OpenAI's Responses API does,
 * as one JSON response or, when the request asks `stream: true`, as its server-sent events
 * (`response.created`, then `response.completed` with the whole response). Enough for the OpenAI
 * Agents SDK's `OpenAIResponsesModel` to drive a real `Runner` offline. `POST
 * /v1/responses/compact` (with `input`) answers as the API does: the input's user messages, then
 * one compaction item (`compactedContentOf`).
 */
export async function startResponsesStandIn(replies: StandInReply[]): Promise<ResponsesStandIn> {
  const requests: Array<Record<string, unknown>> = [];
  const compactRequests: Array<Record<string, unknown>> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/responses/compact') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        compactRequests.push(body);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(compactedOf(body['input'], compactRequests.length)));
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/responses') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `no route ${request.url}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      requests.push(body);
      const reply = replies[requests.length - 1];
      if (reply === undefined) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: `no reply ${requests.length} scripted` } }),
        );
        return;
      }
      const answer = responseOf(reply, requests.length, body['model']);
      if (body['stream'] === true) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const events = [
          { type: 'response.created', response: { ...answer, status: 'in_progress', output: [] } },
          { type: 'response.completed', response: answer },
        ];
        events.forEach((event, index) =>
          response.write(
            `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`,
          ),
        );
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    compactRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function responseOf(reply: StandInReply, index: number, model: unknown) {
  const compaction =
    'compaction' in reply
      ? [{ type: 'compaction', id: `cmp_${index}`, encrypted_content: reply.compaction }]
      : [];
  const output =
    'text' in reply
      ? [
          ...compaction,
          {
            type: 'message',
            id: `msg_${index}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: reply.text, annotations: [] }],
          },
        ]
      : reply.functionCalls.map((call, callIndex) => ({
          type: 'function_call',
          id: `fc_${index}_${callIndex}`,
          call_id: call.callId,
          name: call.name,
          arguments: JSON.stringify(call.arguments),
          status: 'completed',
        }));
  return {
    id: `resp_${index}`,
    object: 'response',
    created_at: 1_767_225_600 + index,
    status: 'completed',
    model: typeof model === 'string' ? model : 'stand-in',
    output,
    usage: {
      input_tokens: 100 * index,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 10 * index,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 110 * index,
    },
  };
}

/** The compacted response of the `n`th compact request: the input's user messages, then the item. */
function compactedOf(input: unknown, n: number) {
  const items = Array.isArray(input) ? (input as Array<Record<string, unknown>>) : [];
  const userMessages = items
    .filter((item) => item['role'] === 'user')
    .map((item, index) => ({
      type: 'message',
      id: `msg_c${n}_${index}`,
      role: 'user',
      status: 'completed',
      content:
        typeof item['content'] === 'string'
          ? [{ type: 'input_text', text: item['content'] }]
          : item['content'],
    }));
  return {
    id: `resp_compact_${n}`,
    object: 'response.compaction',
    created_at: 1_767_229_200 + n,
    output: [
      ...userMessages,
      { type: 'compaction', id: `cmp_c${n}`, encrypted_content: compactedContentOf(n) },
    ],
    usage: {
      input_tokens: 500,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 50,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 550,
    },
  };
}
