import type { ModelCall } from '../scenario/session-record';
import { excerpt } from './excerpt';

/** What a synthetic tool result says when it claims a call never finished. */
const interruptionClaims = [/interrupted/gi, /no result was recorded/gi];

/**
 * Intent 3: nothing in the body claims an interruption, and no call of this session was
 * interrupted (every tool ran or was denied). Any match is reported with its surroundings.
 */
export function interruptionClaimViolations(call: ModelCall): string[] {
  return interruptionClaims.flatMap((claim) =>
    [...call.request.body.matchAll(claim)].map(
      (match) =>
        `${call.label}: "${match[0]}" in the body: ${excerpt(call.request.body, match.index)}`,
    ),
  );
}
