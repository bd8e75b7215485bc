import { wireFormats } from '../wire/wire-fetch';
import type { RequestFacts } from '../wire/wire-format';
import type { ModelCall } from '../scenario/session-record';

/** The parsed body of a call and what it says, read the way its provider reads it. */
export function readCall(call: ModelCall): { body: unknown; facts: RequestFacts } {
  const body: unknown = JSON.parse(call.request.body);
  return { body, facts: wireFormats[call.provider].read(body) };
}
