import type { ModelCall } from '../scenario/session-record';
import { findReasoningMarkers, type ReasoningFamily } from '../wire/scripted-reply';
import type { WireProvider } from '../wire/wire-format';
import { readCall } from './read-call';

/** The reasoning family whose field a provider's requests have (Chat Completions has none). */
const familyOf: Record<WireProvider, ReasoningFamily | undefined> = {
  anthropic: 'anthropic',
  openai: 'openai',
  'openai.chat': undefined,
  google: 'google',
};

/**
 * Intent 4: reasoning reaches a provider only as reasoning. Every string of the body is searched
 * for the markers the script put in its reasoning texts; a marker may only sit in the provider's
 * reasoning field (Anthropic `thinking` block, OpenAI `reasoning` item, Google `thought: true`
 * part), and only in a request to the family whose model produced it.
 */
export function reasoningLeakViolations(
  call: ModelCall,
  markers: ReadonlyMap<string, ReasoningFamily>,
): string[] {
  const { body, facts } = readCall(call);
  const family = familyOf[call.provider];
  const violations: string[] = [];
  for (const { pointer, text } of stringsOf(body, '')) {
    for (const { marker } of findReasoningMarkers(text)) {
      const producedBy = markers.get(marker);
      const where = `${pointer} = ${JSON.stringify(text.slice(0, 200))}`;
      if (producedBy === undefined) {
        violations.push(`${call.label}: unknown reasoning marker ${marker} at ${where}`);
      } else if (!facts.reasoningPointers.has(pointer)) {
        violations.push(
          `${call.label}: ${producedBy} reasoning ${marker} outside the reasoning field, at ${where}`,
        );
      } else if (producedBy !== family) {
        violations.push(
          `${call.label}: ${producedBy} reasoning ${marker} sent to ${call.provider}, at ${where}`,
        );
      }
    }
  }
  return violations;
}

/** Every string of a JSON value, with its JSON pointer. */
function stringsOf(value: unknown, pointer: string): Array<{ pointer: string; text: string }> {
  if (typeof value === 'string') return [{ pointer, text: value }];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringsOf(item, `${pointer}/${index}`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, `${pointer}/${key}`));
  }
  return [];
}
