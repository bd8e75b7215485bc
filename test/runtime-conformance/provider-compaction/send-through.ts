import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type ModelMessage } from 'ai';
import { createWireFetch, type CapturedRequest } from '../wire/wire-fetch';

/** Sends a model context through the provider's real AI SDK adapter; answers the body it sent. */
export async function sendThrough(
  provider: 'openai' | 'anthropic',
  context: { system?: string | undefined; messages: ModelMessage[] },
): Promise<string> {
  const sent: CapturedRequest[] = [];
  const wire = createWireFetch(
    () => ({ text: 'ok' }),
    (request) => sent.push(request),
  );
  const model =
    provider === 'openai'
      ? createOpenAI({ apiKey: 'test-key', fetch: wire.fetch }).responses('gpt-4.1')
      : createAnthropic({ apiKey: 'test-key', fetch: wire.fetch })('claude-sonnet-4-5');
  await generateText({
    model,
    ...(context.system === undefined ? {} : { system: context.system }),
    messages: context.messages,
  });
  const [request] = sent;
  if (request === undefined) throw new Error(`${provider} was sent no request`);
  return request.body;
}
