import type { WireProvider } from '../wire/wire-format';
import type { OverflowError } from './overflow-errors';

/**
 * What a request counts against the stand-in's context window: its body's characters over four
 * (JSON framing included, so it counts more than the ledger's estimate of the messages does).
 */
export const requestTokens = (body: string): number => Math.ceil(body.length / 4);

/** Each API's context-length error for a request of `requested` tokens and a window of `limit`. */
function overflowErrorOf(provider: WireProvider, requested: number, limit: number): OverflowError {
  switch (provider) {
    case 'anthropic':
      return {
        status: 400,
        body: {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: `prompt is too long: ${requested} tokens > ${limit} maximum`,
          },
        },
        errorCode: 'prompt_too_long',
      };
    case 'openai':
      // OpenAI's Responses API says no size: the client has only its own count of what it sent.
      return {
        status: 400,
        body: {
          error: {
            message:
              'Your input exceeds the context window of this model. Please adjust your input and try again.',
            type: 'invalid_request_error',
            param: 'input',
            code: 'context_length_exceeded',
          },
        },
        errorCode: 'context_length_exceeded',
      };
    case 'openai.chat':
      return {
        status: 400,
        body: {
          object: 'error',
          message: `This model's maximum context length is ${limit} tokens. However, you requested ${requested} tokens (${requested} in the messages, 0 in the completion). Please reduce the length of the messages or completion.`,
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
        errorCode: 'maximum_context_length',
      };
    case 'google':
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: `The input token count (${requested}) exceeds the maximum number of tokens allowed (${limit}).`,
            status: 'INVALID_ARGUMENT',
          },
        },
        errorCode: 'input_token_count_exceeded',
      };
  }
}

/**
 * A provider's API with a context window of `limitTokens`: every request whose body counts
 * `limitTokens` or more (`requestTokens`) is refused with the API's context-length error; the
 * others go to `next`. Every body is kept in `sent`.
 */
export function contextWindowStandIn(
  provider: WireProvider,
  limitTokens: number,
  next: typeof fetch,
  sent: string[],
): typeof fetch {
  return (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    sent.push(body);
    const requested = requestTokens(body);
    if (requested < limitTokens) return next(input, init);
    const error = overflowErrorOf(provider, requested, limitTokens);
    return Promise.resolve(
      new Response(JSON.stringify(error.body), {
        status: error.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
}
