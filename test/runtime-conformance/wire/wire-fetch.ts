import { anthropicWire } from './anthropic-wire';
import { googleWire } from './google-wire';
import { openaiChatWire } from './openai-chat-wire';
import { openaiResponsesWire } from './openai-responses-wire';
import type { ScriptedReply } from './scripted-reply';
import type { WireFormat, WireProvider } from './wire-format';

/** The wire formats, by provider. */
export const wireFormats: Record<WireProvider, WireFormat> = {
  anthropic: anthropicWire,
  openai: openaiResponsesWire,
  'openai.chat': openaiChatWire,
  google: googleWire,
};

/** One request a provider adapter sent: the body exactly as the string it sent. */
export interface CapturedRequest {
  provider: WireProvider;
  url: string;
  body: string;
}

/** A `fetch` for the provider adapters that answers in each provider's wire format. */
export interface WireFetch {
  fetch: typeof fetch;
  /** Every request, in the order sent. */
  requests: CapturedRequest[];
}

/**
 * A `fetch` that recognizes which adapter sent a request by its endpoint, captures the body, and
 * answers with `answer(provider)` rendered in that provider's format. An answer that throws fails
 * the request (the adapter reports it as the call's error).
 */
export function createWireFetch(
  answer: (provider: WireProvider) => ScriptedReply,
  onRequest: (request: CapturedRequest) => void = () => {},
): WireFetch {
  const requests: CapturedRequest[] = [];
  const respond = (input: string | URL | Request, init?: RequestInit): Response => {
    const url = input instanceof Request ? input.url : String(input);
    const wire = Object.values(wireFormats).find((format) => format.handles(url));
    if (wire === undefined) throw new Error(`No provider answers ${url}`);
    if (typeof init?.body !== 'string') throw new Error(`${url} was sent a non-string body`);
    const request = { provider: wire.provider, url, body: init.body };
    requests.push(request);
    onRequest(request);
    const body = wire.respond(answer(wire.provider), requests.length);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const wireFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    new Promise((resolve) => resolve(respond(input, init)));
  return { fetch: wireFetch, requests };
}

/**
 * A scripted model: `expect` queues the replies of the next calls, each for the provider it must
 * come from; a call from another provider, or with nothing queued, fails.
 */
export function createScriptedFetch(onRequest?: (request: CapturedRequest) => void): WireFetch & {
  expect(provider: WireProvider, replies: ScriptedReply[]): void;
  remaining(): number;
} {
  const queue: Array<{ provider: WireProvider; reply: ScriptedReply }> = [];
  const wire = createWireFetch((provider) => {
    const next = queue.shift();
    if (next === undefined) throw new Error(`${provider} was called with no reply scripted`);
    if (next.provider !== provider) {
      throw new Error(`${provider} was called where the script expects ${next.provider}`);
    }
    return next.reply;
  }, onRequest);
  return {
    ...wire,
    expect: (provider, replies) => queue.push(...replies.map((reply) => ({ provider, reply }))),
    remaining: () => queue.length,
  };
}
