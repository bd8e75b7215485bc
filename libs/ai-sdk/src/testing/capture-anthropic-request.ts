import { createAnthropic } from '@ai-sdk/anthropic';
import { generateText } from 'ai';
import { noNetworkDownload } from './no-network-download';
import type { PromptInput } from './prompt-seen-by-mock-model';

/** A minimal valid Anthropic Messages API response. */
const ANTHROPIC_RESPONSE = {
  id: 'msg_test',
  type: 'message',
  role: 'assistant',
  model: 'claude-test',
  content: [{ type: 'text', text: 'ok' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};

/**
 * Runs a prompt through `generateText` with `@ai-sdk/anthropic` whose `fetch` captures the request
 * instead of calling the network, and returns the parsed request body (check it with
 * `assertAnthropicRequestValid`).
 */
export async function captureAnthropicRequest(prompt: PromptInput): Promise<unknown> {
  const bodies: unknown[] = [];
  const anthropic = createAnthropic({
    apiKey: 'test',
    fetch: (_url, init) => {
      bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body);
      return Promise.resolve(
        new Response(JSON.stringify(ANTHROPIC_RESPONSE), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  await generateText({
    model: anthropic('claude-sonnet-4-5'),
    ...(prompt.system === undefined ? {} : { system: prompt.system }),
    messages: prompt.messages,
    allowSystemInMessages: true,
    maxRetries: 0,
    experimental_download: noNetworkDownload,
  });
  if (bodies.length !== 1) throw new Error(`expected one Anthropic request, got ${bodies.length}`);
  return bodies[0];
}
