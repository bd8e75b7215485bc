import { freezeDeep } from '@agent-ledger/messages';
import { redactStrings } from './redact-strings';

describe('redactStrings', () => {
  const counting = () => {
    const seen: string[] = [];
    const redact = (text: string): string => {
      seen.push(text);
      return text.replace(/sk-\w+/g, '[secret]');
    };
    return { seen, redact };
  };

  it('redacts every string but binary payloads, into a copy', () => {
    const { redact } = counting();
    const value = { text: 'key sk-abc', image: 'sk-kept', parts: [{ data: 'sk-kept' }, 'sk-x'] };
    expect(redactStrings(value, redact)).toEqual({
      text: 'key [secret]',
      image: 'sk-kept',
      parts: [{ data: 'sk-kept' }, '[secret]'],
    });
    expect(value.text).toBe('key sk-abc');
  });

  it('redacts a value frozen all the way down once, and gives the same frozen copy again', () => {
    const { seen, redact } = counting();
    const message = freezeDeep({ role: 'user', content: [{ type: 'text', text: 'sk-123 here' }] });
    const first = redactStrings({ messages: [message] }, redact);
    const again = redactStrings({ messages: [message] }, redact);
    expect(again.messages[0]).toBe(first.messages[0]);
    expect(Object.isFrozen(first.messages[0])).toBe(true);
    expect(first.messages[0]?.content[0]?.text).toBe('[secret] here');
    expect(seen.filter((text) => text === 'sk-123 here')).toHaveLength(1);
    // Another redaction is another copy.
    expect(redactStrings(message, (text) => text.toUpperCase()).role).toBe('USER');
  });

  it('does not remember a frozen value holding something that can still change', () => {
    const { redact } = counting();
    const inner = { text: 'sk-1' };
    const outer = Object.freeze({ inner });
    expect(redactStrings(outer, redact).inner.text).toBe('[secret]');
    inner.text = 'plain now';
    expect(redactStrings(outer, redact).inner.text).toBe('plain now');
  });
});

describe('redactStrings: secrets used as ids and URLs', () => {
  const redact = (text: string): string => text.replace(/sk-\w+/g, '[secret]');
  const placeholder = (id: string): string => {
    const copy = redactStrings({ id }, redact).id;
    expect(copy).toMatch(/^\[REDACTED:[0-9a-f]{12}\]$/);
    return copy;
  };

  it('gives an id holding a secret one stable placeholder wherever it appears, and keeps plain ids', () => {
    const call = placeholder('sk-call1');
    const message = placeholder('sk-msg1');
    expect(placeholder('sk-call2')).not.toEqual(call);
    expect(
      redactStrings(
        {
          sessionId: 's1',
          entries: [
            {
              id: 'sk-msg1',
              sourceMessageIds: ['sk-msg1', 'm0'],
              content: [{ toolCallId: 'sk-call1' }],
            },
            { id: 'm2', content: [{ toolCallId: 'sk-call1', text: 'sk-call1 done' }] },
          ],
        },
        redact,
      ),
    ).toEqual({
      sessionId: 's1',
      entries: [
        { id: message, sourceMessageIds: [message, 'm0'], content: [{ toolCallId: call }] },
        { id: 'm2', content: [{ toolCallId: call, text: '[secret] done' }] },
      ],
    });
  });

  it('redacts a URL in a binary field as text, and keeps base64 and data: URLs', () => {
    const value = {
      parts: [
        { type: 'file', data: 'https://u:sk-pass@files.example/a.pdf' },
        { type: 'file', data: 'c2stbm90LWEtc2VjcmV0' },
        { type: 'image', image: 'data:image/png;base64,sk-kept' },
      ],
    };
    expect(redactStrings(value, redact).parts).toEqual([
      { type: 'file', data: 'https://u:[secret]@files.example/a.pdf' },
      { type: 'file', data: 'c2stbm90LWEtc2VjcmV0' },
      { type: 'image', image: 'data:image/png;base64,sk-kept' },
    ]);
  });
});
