import { anthropicRequestViolations } from './anthropic-request-violations';

/**
 * Throws when a captured Anthropic Messages API request body breaks one of the API's message
 * rules (see `anthropicRequestViolations`), listing every violation.
 */
export function assertAnthropicRequestValid(body: unknown): void {
  const violations = anthropicRequestViolations(body);
  if (violations.length > 0) {
    throw new Error(
      `Anthropic request body is invalid:\n- ${violations.join('\n- ')}\nBody: ${JSON.stringify(body)}`,
    );
  }
}
