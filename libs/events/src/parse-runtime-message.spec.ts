import fc from 'fast-check';
import { arbitraryRuntimeMessage, seedExampleMessages } from '@agent-ledger/testing';
import { parseRuntimeMessage } from './parse-runtime-message';
import { parseRuntimeMessages } from './parse-runtime-messages';

describe('parseRuntimeMessage', () => {
  it('returns every valid message as it is', () => {
    fc.assert(
      fc.property(arbitraryRuntimeMessage(), (message) => {
        expect(parseRuntimeMessage(message)).toEqual({ ok: true, message });
      }),
      { numRuns: 200 },
    );
  });

  it('refuses what is not an object', () => {
    expect(parseRuntimeMessage([1])).toEqual({
      ok: false,
      errors: [
        'message: must be an object with id, sessionId, kind, role, createdAt and content (got an array)',
      ],
    });
  });

  it('refuses an unknown kind, saying which are accepted', () => {
    expect(parseRuntimeMessage({ id: 'm1', kind: 'user_message' })).toEqual({
      ok: false,
      errors: [
        'message "m1": kind: must be one of system_note, user_input, assistant_text, assistant_reasoning, tool_call, tool_result, tool_approval_request, tool_approval_response, compact_boundary, compact_summary, runtime_reminder, handoff_summary, agent_switch_note (got "user_message")',
      ],
    });
    expect(parseRuntimeMessage({ id: 'm1' })).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^message "m1": kind: must be one of .* \(got nothing\)$/)],
    });
  });

  it('validates against the schema of the message kind', () => {
    const [, , , m4] = seedExampleMessages();
    expect(parseRuntimeMessage({ ...m4, role: 'assistant', content: [] })).toEqual({
      ok: false,
      errors: [
        'message "m4": role: must be "tool"',
        'message "m4": content: must not be empty; expected a non-empty array of tool-result parts',
      ],
    });
  });

  it('names missing base fields from the root', () => {
    expect(parseRuntimeMessage({ kind: 'system_note', role: 'system', content: 'x' })).toEqual({
      ok: false,
      errors: [
        'message: id: is required',
        'message: sessionId: is required',
        'message: createdAt: is required',
      ],
    });
  });
});

describe('parseRuntimeMessages', () => {
  it('returns the seed example as it is', () => {
    const messages = seedExampleMessages();
    expect(parseRuntimeMessages(messages)).toEqual({ ok: true, messages });
  });

  it('prefixes each complaint with the index and id of its message', () => {
    const [m1, m2, m3, m4] = seedExampleMessages();
    const broken = {
      ...m4,
      content: [{ type: 'tool-result', toolCallId: 4, output: { type: 'text', value: 'x' } }],
    };
    expect(parseRuntimeMessages([m1, m2, { ...m3, id: undefined }, broken])).toEqual({
      ok: false,
      errors: [
        'messages[2]: id: is required',
        'messages[3] (id "m4"): content/0/toolCallId: must be string',
      ],
    });
  });

  it('refuses what is not an array', () => {
    expect(parseRuntimeMessages({ messages: [] })).toEqual({
      ok: false,
      errors: ['messages: must be an array of runtime messages'],
    });
  });
});
