import fc from 'fast-check';
import { mergeReadable, subtractReadable } from './subtract-readable';

/** A value as a store gives it back: JSON text parsed again. */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A small deterministic stream of numbers in [0, 1) from a seed. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A readable part of `value` as a policy may pick it: some fields whole, some objects and arrays
 * picked in turn, the rest left out; now and then in another order than the payload's.
 */
function pickSome(value: Record<string, unknown>, random: () => number): Record<string, unknown> {
  const fields = Object.keys(value).filter(() => random() < 0.7);
  if (random() < 0.2) fields.reverse();
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === '__proto__') continue;
    picked[field] = pickValue(value[field], random);
  }
  return picked;
}

function pickValue(value: unknown, random: () => number): unknown {
  if (random() < 0.5) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => pickValue(item, random));
  if (typeof value === 'object' && value !== null) {
    return pickSome(value as Record<string, unknown>, random);
  }
  return random() < 0.5 ? value : {};
}

const payloads = fc
  .dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 7 })
  .map((raw) => stored(raw) as Record<string, unknown>);

describe('subtractReadable and mergeReadable', () => {
  it('give back every payload, key order included, whatever the readable part picked of it', () => {
    let subtracted = 0;
    fc.assert(
      fc.property(payloads, fc.integer(), (payload, seed) => {
        const readable = pickSome(payload, randomFrom(seed));
        const rest = subtractReadable(payload, readable);
        // Only when a 0 would be ambiguous, or a picked value is not the payload's.
        if (rest === undefined) return;
        subtracted += 1;
        expect(JSON.stringify(mergeReadable(stored(readable), stored(rest)))).toBe(
          JSON.stringify(payload),
        );
      }),
      { numRuns: 1000 },
    );
    // Declining is the exception, not a way to pass.
    expect(subtracted).toBeGreaterThan(800);
  });

  it('leave out the leading readable fields and nested readable fields, keeping only the rest', () => {
    const payload = {
      sessionId: 's1',
      id: 'c1',
      kind: 'tool_call',
      content: [
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: { path: 'a.ts' } },
      ],
      metadata: { agentName: 'main', note: 'secret' },
    };
    const readable = {
      sessionId: 's1',
      id: 'c1',
      kind: 'tool_call',
      content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read' }],
      metadata: { agentName: 'main' },
    };
    const rest = subtractReadable(payload, readable);
    expect(rest).toEqual({ content: [{ input: { path: 'a.ts' } }], metadata: { note: 'secret' } });
    expect(JSON.stringify(mergeReadable(readable, stored(rest!)))).toBe(JSON.stringify(payload));
  });

  it('keep a readable field in its place as 0 when the readable part has another order', () => {
    const payload = { kind: 'user_input', id: 'u1', content: 'secret' };
    const readable = { id: 'u1', kind: 'user_input' };
    const rest = subtractReadable(payload, readable);
    expect(JSON.stringify(rest)).toBe('{"kind":0,"id":0,"content":"secret"}');
    expect(JSON.stringify(mergeReadable(readable, rest!))).toBe(JSON.stringify(payload));
  });

  it('decline a 0 that would stand for a readable value, and a readable field the payload lacks', () => {
    expect(subtractReadable({ usage: 0, text: 'x' }, { usage: 5 })).toBeUndefined();
    expect(subtractReadable({ parts: [0] }, { parts: [{}] })).toBeUndefined();
    expect(subtractReadable({ text: 'x' }, { id: 'u1' })).toBeUndefined();
  });
});
