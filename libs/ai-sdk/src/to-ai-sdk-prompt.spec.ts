import { modelMessage as m } from './testing';
import { toAiSdkPrompt } from './to-ai-sdk-prompt';

describe('toAiSdkPrompt', () => {
  const history = [
    m('m1', 'system', 'system_note', 'Workspace root is /repo'),
    m('m2', 'system', 'system_note', 'Answer in English.'),
    m('m3', 'user', 'user_input', 'Fix login'),
    m('m4', 'assistant', 'assistant_text', 'On it.'),
    m('m5', 'system', 'runtime_reminder', 'Plan mode is on.'),
  ];

  it('moves the leading system text to `system` and leaves no system message for anthropic', () => {
    expect(toAiSdkPrompt(history, { provider: 'anthropic' })).toEqual({
      system: 'Workspace root is /repo\n\nAnswer in English.',
      messages: [
        { role: 'user', content: 'Fix login' },
        { role: 'assistant', content: 'On it.' },
        { role: 'user', content: '<system-reminder>\nPlan mode is on.\n</system-reminder>' },
      ],
    });
  });

  it.each(['openai', 'openai.chat', 'google', undefined])(
    'leaves no system message in `messages` for %s either',
    (provider) => {
      const prompt = toAiSdkPrompt(history, { provider });
      expect(prompt.system).toBe('Workspace root is /repo\n\nAnswer in English.');
      expect(prompt.messages.filter((message) => message.role === 'system')).toEqual([]);
      expect(prompt.messages.at(-1)).toEqual({
        role: 'user',
        content: '<system-reminder>\nPlan mode is on.\n</system-reminder>',
      });
    },
  );

  it('keeps later system messages in `messages` for openai when asked to', () => {
    expect(toAiSdkPrompt(history, { provider: 'openai', systemMessages: 'in-place' })).toEqual({
      system: 'Workspace root is /repo\n\nAnswer in English.',
      messages: [
        { role: 'user', content: 'Fix login' },
        { role: 'assistant', content: 'On it.' },
        { role: 'system', content: 'Plan mode is on.' },
      ],
    });
  });

  it('has no system text when the history starts with another role', () => {
    expect(toAiSdkPrompt([m('m1', 'user', 'user_input', 'Hi')])).toEqual({
      system: undefined,
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  it('has neither system text nor messages for an empty history', () => {
    expect(toAiSdkPrompt([])).toEqual({ system: undefined, messages: [] });
  });
});
