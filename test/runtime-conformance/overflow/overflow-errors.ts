import type { WireProvider } from '../wire/wire-format';

/** A provider's refusal of a context too long for the model, as its API sends it. */
export interface OverflowError {
  status: number;
  body: unknown;
  /** The code the client records for it. */
  errorCode: string;
  limitTokens?: number;
  requestedTokens?: number;
}

/**
 * The context-length errors of each API, in the shapes they answer with: Anthropic's
 * `invalid_request_error` "prompt is too long", OpenAI's `context_length_exceeded` (Responses),
 * Google's `INVALID_ARGUMENT` token count, and vLLM's OpenAI-compatible `BadRequestError` on the
 * Chat Completions endpoint (no `code` string: only its message says what happened).
 */
export const OVERFLOW_ERRORS: Record<WireProvider, OverflowError> = {
  anthropic: {
    status: 400,
    body: {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'prompt is too long: 208310 tokens > 200000 maximum',
      },
    },
    errorCode: 'prompt_too_long',
    limitTokens: 200000,
    requestedTokens: 208310,
  },
  openai: {
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
  },
  'openai.chat': {
    status: 400,
    body: {
      object: 'error',
      message:
        "This model's maximum context length is 32768 tokens. However, you requested 40210 tokens (39186 in the messages, 1024 in the completion). Please reduce the length of the messages or completion.",
      type: 'BadRequestError',
      param: null,
      code: 400,
    },
    errorCode: 'maximum_context_length',
    limitTokens: 32768,
    requestedTokens: 40210,
  },
  google: {
    status: 400,
    body: {
      error: {
        code: 400,
        message:
          'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
        status: 'INVALID_ARGUMENT',
      },
    },
    errorCode: 'input_token_count_exceeded',
    limitTokens: 1048576,
    requestedTokens: 1200000,
  },
};

/**
 * `fetch` for the provider adapters that answers the first `times` requests with `error` and
 * passes the others (and every request, for the record) to `next`.
 */
export function overflowingFetch(
  error: OverflowError,
  times: number,
  next: typeof fetch,
  sent: string[],
): typeof fetch {
  let refused = 0;
  return (input, init) => {
    if (typeof init?.body === 'string') sent.push(init.body);
    if (refused >= times) return next(input, init);
    refused += 1;
    return Promise.resolve(
      new Response(JSON.stringify(error.body), {
        status: error.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
}
