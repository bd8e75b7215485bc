import { APICallError, RetryError } from 'ai';
import { contextOverflowOf } from './context-overflow-of';

const apiError = (message: string, responseBody: string) =>
  new APICallError({
    message,
    url: 'https://api.example/v1',
    requestBodyValues: {},
    statusCode: 400,
    responseBody,
    isRetryable: false,
  });

describe('contextOverflowOf', () => {
  it('reads Anthropic’s “prompt is too long” with its figures', () => {
    const error = apiError(
      'prompt is too long: 208310 tokens > 200000 maximum',
      '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"}}',
    );
    expect(contextOverflowOf(error)).toEqual({
      errorCode: 'prompt_too_long',
      limitTokens: 200000,
      requestedTokens: 208310,
    });
  });

  it('reads OpenAI’s context_length_exceeded code, with the figures its Chat message gives', () => {
    expect(
      contextOverflowOf(
        apiError(
          'Your input exceeds the context window of this model.',
          '{"error":{"code":"context_length_exceeded","message":"Your input exceeds the context window of this model."}}',
        ),
      ),
    ).toEqual({ errorCode: 'context_length_exceeded' });
    expect(
      contextOverflowOf(
        apiError(
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130500 tokens.",
          '{"error":{"code":"context_length_exceeded"}}',
        ),
      ),
    ).toEqual({
      errorCode: 'context_length_exceeded',
      limitTokens: 128000,
      requestedTokens: 130500,
    });
  });

  it('reads Google’s token count error', () => {
    expect(
      contextOverflowOf(
        apiError(
          'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
          '{}',
        ),
      ),
    ).toEqual({
      errorCode: 'input_token_count_exceeded',
      limitTokens: 1048576,
      requestedTokens: 1200000,
    });
  });

  it('reads vLLM’s messages, old and new, from the response body when the message says nothing', () => {
    expect(
      contextOverflowOf(
        apiError(
          'Bad Request',
          '{"object":"error","message":"This model\'s maximum context length is 32768 tokens. However, you requested 40210 tokens (39186 in the messages, 1024 in the completion).","code":400}',
        ),
      ),
    ).toEqual({ errorCode: 'maximum_context_length', limitTokens: 32768, requestedTokens: 40210 });
    expect(
      contextOverflowOf(
        new Error(
          "'max_tokens' is too large: 2048. This model's maximum context length is 8192 tokens and your request has 7000 input tokens",
        ),
      ),
    ).toEqual({ errorCode: 'maximum_context_length', limitTokens: 8192, requestedTokens: 7000 });
  });

  it('finds the overflow inside a RetryError or a cause', () => {
    const inner = apiError('prompt is too long: 300000 tokens > 200000 maximum', '');
    const retry = new RetryError({
      message: 'Failed after 3 attempts',
      reason: 'maxRetriesExceeded',
      errors: [inner],
    });
    expect(contextOverflowOf(retry)?.errorCode).toBe('prompt_too_long');
    expect(contextOverflowOf(new Error('step failed', { cause: inner }))?.limitTokens).toBe(200000);
  });

  it('is undefined for any other failure', () => {
    expect(
      contextOverflowOf(apiError('invalid x-api-key', '{"error":{"type":"authentication_error"}}')),
    ).toBeUndefined();
    expect(contextOverflowOf(new Error('max_tokens: must be at most 8192'))).toBeUndefined();
    expect(contextOverflowOf('nothing')).toBeUndefined();
    expect(contextOverflowOf(undefined)).toBeUndefined();
  });
});
