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
  close(): Promise<void>;
}

/**
 * Starts a loopback HTTP server that answers `POST /v1/responses` as OpenAI's Responses API does,
 * as one JSON response or, when the request asks `stream: true`, as its server-sent events
 * (`response.created`, then `response.completed` with the whole response). Enough for the OpenAI
 * Agents SDK's `OpenAIResponsesModel` to drive a real `Runner` offline.
 */
export async function startResponsesStandIn(replies: StandInReply[]): Promise<ResponsesStandIn> {
  const requests: Array<Record<string, unknown>> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
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
