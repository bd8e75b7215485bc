import { anthropicRequestViolations } from './anthropic-request-violations';
import { assertAnthropicRequestValid } from './assert-anthropic-request-valid';

const toolUse = { type: 'tool_use', id: 'call_1', name: 'Read', input: {} };
const toolResult = { type: 'tool_result', tool_use_id: 'call_1', content: 'code' };

describe('anthropicRequestViolations', () => {
  it('accepts a valid tool exchange', () => {
    const body = {
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        { role: 'user', content: 'Read it' },
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [toolResult, { type: 'text', text: 'thanks' }] },
      ],
    };
    expect(anthropicRequestViolations(body)).toEqual([]);
    expect(() => assertAnthropicRequestValid(body)).not.toThrow();
  });

  it('rejects a body without messages', () => {
    expect(anthropicRequestViolations({})).toEqual(['body has no messages array']);
    expect(anthropicRequestViolations({ messages: [] })).toEqual(['messages is empty']);
  });

  it('rejects system messages, an assistant first turn, repeated roles and empty text', () => {
    expect(
      anthropicRequestViolations({
        messages: [
          { role: 'assistant', content: 'Hi' },
          { role: 'system', content: 'late system' },
          { role: 'user', content: [{ type: 'text', text: ' ' }] },
          { role: 'user', content: [] },
        ],
      }),
    ).toEqual([
      'messages[0] is the first message but has role assistant, not user',
      'messages[1] has role system; only user and assistant are allowed (system goes in the top-level system field)',
      'messages[2].content[0] is an empty text block',
      'messages[3] has the same role (user) as the message before it',
      'messages[3] has empty content',
    ]);
  });

  it('rejects an unanswered tool_use, a late tool_result and a result before text', () => {
    expect(
      anthropicRequestViolations({
        messages: [
          { role: 'user', content: 'Read it' },
          { role: 'assistant', content: [toolUse] },
          { role: 'user', content: 'hurry' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: [{ type: 'text', text: 'late:' }, toolResult] },
        ],
      }),
    ).toEqual([
      'tool_use call_1 in messages[1] is answered 0 times in messages[2], expected once',
      'messages[4] has a tool_result for call_1, which is not a tool_use of the message before',
    ]);
    expect(
      anthropicRequestViolations({
        messages: [
          { role: 'user', content: 'Read it' },
          { role: 'assistant', content: [toolUse] },
          { role: 'user', content: [{ type: 'text', text: 'first' }, toolResult] },
        ],
      }),
    ).toEqual(['messages[2] has a tool_result block after a non-tool_result block']);
  });

  it('makes assertAnthropicRequestValid throw with every violation', () => {
    expect(() =>
      assertAnthropicRequestValid({ messages: [{ role: 'assistant', content: 'Hi' }] }),
    ).toThrow(/messages\[0\] is the first message but has role assistant, not user/);
  });
});
