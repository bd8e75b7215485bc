/** A provider's context-length error, read: a stable code and the figures the message gave. */
export interface ContextOverflow {
  /**
   * `prompt_too_long` (Anthropic), `context_length_exceeded` (OpenAI, Responses and Chat),
   * `input_token_count_exceeded` (Google), `maximum_context_length` (OpenAI-compatible servers
   * such as vLLM).
   */
  errorCode: string;
  /** The model's limit in tokens, when the error said it. */
  limitTokens?: number;
  /** The refused context's size in tokens, when the error said it. */
  requestedTokens?: number;
}

interface Pattern {
  errorCode: string;
  matches: RegExp;
  limit?: RegExp;
  requested?: RegExp;
}

// In order: OpenAI's code first (its Chat message reads like vLLM's, which has no such code).
const PATTERNS: readonly Pattern[] = [
  {
    errorCode: 'context_length_exceeded',
    matches: /"code"\s*:\s*"context_length_exceeded"|\bcontext_length_exceeded\b/,
    limit: /maximum context length is (\d+)/i,
    requested: /(?:resulted in|requested) (\d+) tokens/i,
  },
  {
    errorCode: 'prompt_too_long',
    matches: /prompt is too long/i,
    limit: /tokens > (\d+) maximum/i,
    requested: /prompt is too long: (\d+) tokens/i,
  },
  {
    errorCode: 'input_token_count_exceeded',
    matches: /input token count.*exceeds the maximum/i,
    limit: /maximum number of tokens allowed \((\d+)\)/i,
    requested: /input token count \((\d+)\)/i,
  },
  {
    errorCode: 'maximum_context_length',
    matches: /maximum context length/i,
    limit: /maximum context length is (\d+)/i,
    requested: /(?:requested|request has|resulted in) (\d+)(?: input)? tokens/i,
  },
];

/**
 * The context-length error in `error`, or `undefined` when it is another failure: an AI SDK
 * `APICallError` (its message and response body), one wrapped in a `RetryError` or as a `cause`,
 * or any error whose message says so. Pure: reads only the error.
 */
export function contextOverflowOf(error: unknown): ContextOverflow | undefined {
  for (const text of textsOf(error, 0)) {
    const pattern = PATTERNS.find(({ matches }) => matches.test(text));
    if (pattern === undefined) continue;
    const limitTokens = numberIn(text, pattern.limit);
    const requestedTokens = numberIn(text, pattern.requested);
    return {
      errorCode: pattern.errorCode,
      ...(limitTokens === undefined ? {} : { limitTokens }),
      ...(requestedTokens === undefined ? {} : { requestedTokens }),
    };
  }
  return undefined;
}

/** The message and response body of `error`, then of the errors it wraps (to a small depth). */
function textsOf(error: unknown, depth: number): string[] {
  if (depth > 4 || typeof error !== 'object' || error === null) {
    return typeof error === 'string' ? [error] : [];
  }
  const fields = error as Record<string, unknown>;
  const own = [fields['message'], fields['responseBody']].filter(
    (value): value is string => typeof value === 'string',
  );
  // An error that merely relays another (a RetryError) names the first one's text too.
  const joined = own.length > 0 ? [own.join('\n')] : [];
  const wrapped = [fields['lastError'], fields['cause']].flatMap((inner) =>
    textsOf(inner, depth + 1),
  );
  return [...joined, ...wrapped];
}

function numberIn(text: string, pattern: RegExp | undefined): number | undefined {
  const digits = pattern?.exec(text)?.[1];
  return digits === undefined ? undefined : Number(digits);
}
