import { LEADING_USER_TEXT } from './fallback-texts';
import { modelMessage as m } from './testing';
import { toAiSdkMessages } from './to-ai-sdk-messages';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

describe('system-message merging', () => {
  it('merges the system messages at the start into one, texts joined by a blank line', () => {
    const messages = [
      m('m1', 'system', 'system_note', 'Workspace root is /repo'),
      m('m2', 'system', 'runtime_reminder', [
        { type: 'text', text: 'Plan mode is on.' },
        { type: 'text', text: 'Do not edit files.' },
      ]),
      m('m3', 'user', 'user_input', 'Hi'),
    ];
    for (const provider of [undefined, 'anthropic', 'openai', 'google']) {
      expect(toAiSdkMessagesWithReport(messages, { provider })).toEqual({
        messages: [
          {
            role: 'system',
            content: 'Workspace root is /repo\n\nPlan mode is on.\n\nDo not edit files.',
          },
          { role: 'user', content: 'Hi' },
        ],
        fallbacks: [],
      });
    }
  });
});

describe('provider compatibility', () => {
  const history = [
    m('m1', 'system', 'system_note', 'Workspace root is /repo'),
    m('m2', 'user', 'user_input', 'Fix login'),
    m('m3', 'assistant', 'assistant_text', 'On it.'),
    m('m4', 'system', 'runtime_reminder', 'The user switched to plan mode.'),
    m('m5', 'user', 'user_input', 'Only plan, please.'),
  ];

  describe.each(['anthropic', 'google', undefined, 'some-new-provider'])(
    'provider %s (strict)',
    (provider) => {
      it('turns a later system message into a <system-reminder> merged into the next user message', () => {
        expect(toAiSdkMessagesWithReport(history, { provider })).toEqual({
          messages: [
            { role: 'system', content: 'Workspace root is /repo' },
            { role: 'user', content: 'Fix login' },
            { role: 'assistant', content: 'On it.' },
            {
              role: 'user',
              content: [
                {
                  type: 'text',
                  text: '<system-reminder>\nThe user switched to plan mode.\n</system-reminder>',
                },
                { type: 'text', text: 'Only plan, please.' },
              ],
            },
          ],
          fallbacks: [
            {
              rule: 'system-moved-to-user',
              detail:
                'System message after the start of the conversation sent as a <system-reminder> in a user message.',
              sourceMessageIds: ['m4'],
            },
          ],
        });
      });

      it('gives a reminder between two assistant messages its own user message', () => {
        expect(
          toAiSdkMessages(
            [
              m('m1', 'user', 'user_input', 'Fix login'),
              m('m2', 'assistant', 'assistant_text', 'On it.'),
              m('m3', 'system', 'runtime_reminder', 'Tests are failing.'),
              m('m4', 'assistant', 'assistant_text', 'Checking the tests.'),
            ],
            { provider },
          ),
        ).toEqual([
          { role: 'user', content: 'Fix login' },
          { role: 'assistant', content: 'On it.' },
          { role: 'user', content: '<system-reminder>\nTests are failing.\n</system-reminder>' },
          { role: 'assistant', content: 'Checking the tests.' },
        ]);
      });

      it('never puts a reminder between a tool call and its result', () => {
        expect(
          toAiSdkMessages(
            [
              m('m1', 'user', 'user_input', 'Read it'),
              m('m2', 'assistant', 'tool_call', [
                { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
              ]),
              m('m3', 'system', 'runtime_reminder', 'File changed on disk.'),
              m('m4', 'tool', 'tool_result', [
                {
                  type: 'tool-result',
                  toolCallId: 'call_1',
                  output: { type: 'text', value: 'code' },
                },
              ]),
            ],
            { provider },
          ),
        ).toEqual([
          { role: 'user', content: 'Read it' },
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call_1',
                toolName: 'Read',
                input: {},
                // Gemini requires a signature on every call of the history; this one is not its own.
                ...(provider === 'google'
                  ? {
                      providerOptions: {
                        google: { thoughtSignature: 'skip_thought_signature_validator' },
                      },
                    }
                  : {}),
              },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'Read',
                output: { type: 'text', value: 'code' },
              },
            ],
          },
          { role: 'user', content: '<system-reminder>\nFile changed on disk.\n</system-reminder>' },
        ]);
      });

      it('inserts a placeholder user message when the first turn is the assistant’s', () => {
        expect(
          toAiSdkMessagesWithReport(
            [
              m('m1', 'system', 'system_note', 'Be brief.'),
              m('m2', 'assistant', 'assistant_text', 'Hello again.'),
            ],
            { provider },
          ),
        ).toEqual({
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: LEADING_USER_TEXT },
            { role: 'assistant', content: 'Hello again.' },
          ],
          fallbacks: [
            {
              rule: 'leading-user-inserted',
              detail:
                'The first message after the system text has role assistant, not user; a placeholder user message was inserted before it.',
              sourceMessageIds: ['m2'],
            },
          ],
        });
      });
    },
  );

  describe('provider openai (permissive)', () => {
    it('sends later system messages as reminders by default, as for every provider', () => {
      expect(toAiSdkMessages(history, { provider: 'openai' })).toEqual([
        { role: 'system', content: 'Workspace root is /repo' },
        { role: 'user', content: 'Fix login' },
        { role: 'assistant', content: 'On it.' },
        {
          role: 'user',
          content: '<system-reminder>\nThe user switched to plan mode.\n</system-reminder>',
        },
        { role: 'user', content: 'Only plan, please.' },
      ]);
    });

    it('keeps later system messages in place when asked to', () => {
      expect(
        toAiSdkMessagesWithReport(history, { provider: 'openai', systemMessages: 'in-place' }),
      ).toEqual({
        messages: [
          { role: 'system', content: 'Workspace root is /repo' },
          { role: 'user', content: 'Fix login' },
          { role: 'assistant', content: 'On it.' },
          { role: 'system', content: 'The user switched to plan mode.' },
          { role: 'user', content: 'Only plan, please.' },
        ],
        fallbacks: [],
      });
    });

    it('reads AI SDK provider strings up to the first dot', () => {
      expect(toAiSdkMessages(history, { provider: 'openai.responses' })).toEqual(
        toAiSdkMessages(history, { provider: 'openai' }),
      );
      expect(toAiSdkMessages(history, { provider: 'anthropic.messages' })).toEqual(
        toAiSdkMessages(history, { provider: 'anthropic' }),
      );
    });

    it('lets the first turn be the assistant’s', () => {
      expect(
        toAiSdkMessages([m('m1', 'assistant', 'assistant_text', 'Hello again.')], {
          provider: 'openai',
        }),
      ).toEqual([{ role: 'assistant', content: 'Hello again.' }]);
    });
  });

  describe('reasoning goes only to the provider family that signed it', () => {
    const step = [
      m('m1', 'user', 'user_input', 'Hi'),
      m('m2', 'assistant', 'assistant_reasoning', [
        { type: 'reasoning', text: 'from another provider' },
        { type: 'reasoning', text: 'signed', providerOptions: { anthropic: { signature: 'sig' } } },
      ]),
      m('m3', 'assistant', 'assistant_reasoning', [{ type: 'reasoning', text: 'unsigned only' }]),
      m('m4', 'user', 'user_input', 'And?'),
    ];

    it('is dropped for anthropic, and an assistant message left empty with it', () => {
      expect(toAiSdkMessagesWithReport(step, { provider: 'anthropic' })).toEqual({
        messages: [
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: [
              {
                type: 'reasoning',
                text: 'signed',
                providerOptions: { anthropic: { signature: 'sig' } },
              },
            ],
          },
          { role: 'user', content: 'And?' },
        ],
        fallbacks: [
          {
            rule: 'reasoning-dropped',
            detail:
              '1 reasoning part(s) removed: this provider replays only reasoning signed by anthropic.',
            sourceMessageIds: ['m2'],
          },
          {
            rule: 'reasoning-dropped',
            detail:
              '1 reasoning part(s) removed: this provider replays only reasoning signed by anthropic; the assistant message had nothing else and was removed.',
            sourceMessageIds: ['m3'],
          },
        ],
      });
    });

    it('keeps only Google-signed reasoning for google, and none for OpenAI Chat', () => {
      const signedByGoogle = {
        type: 'reasoning' as const,
        text: 'thought',
        providerOptions: { google: { thoughtSignature: 'ts-1' } },
      };
      const history = [
        ...step.slice(0, 3),
        m('m5', 'assistant', 'assistant_reasoning', [signedByGoogle]),
      ];
      expect(toAiSdkMessages(history, { provider: 'google' })).toEqual([
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [signedByGoogle] },
      ]);
      expect(toAiSdkMessages(step, { provider: 'openai.chat' })).toEqual([
        { role: 'user', content: 'Hi' },
        { role: 'user', content: 'And?' },
      ]);
    });

    it('is kept whole for an unknown provider', () => {
      expect(toAiSdkMessages(step, { provider: 'mistral' })[1]).toEqual({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'from another provider' },
          {
            type: 'reasoning',
            text: 'signed',
            providerOptions: { anthropic: { signature: 'sig' } },
          },
          { type: 'reasoning', text: 'unsigned only' },
        ],
      });
    });

    it('stays reasoning when it was recorded as a string, never visible text', () => {
      const history = [
        m('m1', 'user', 'user_input', 'Hi'),
        m('m2', 'assistant', 'assistant_reasoning', 'thinking it over'),
        m('m3', 'assistant', 'assistant_text', 'Hello.'),
      ];
      expect(toAiSdkMessages(history)).toEqual([
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'thinking it over' },
            { type: 'text', text: 'Hello.' },
          ],
        },
      ]);
      expect(toAiSdkMessages(history, { provider: 'anthropic' })).toEqual([
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
      ]);
    });
  });
});

describe('tool calls another provider made, sent to Gemini', () => {
  const call = (toolCallId: string, signature?: string) => ({
    type: 'tool-call' as const,
    toolCallId,
    toolName: 'Read',
    input: {},
    ...(signature === undefined
      ? {}
      : { providerOptions: { google: { thoughtSignature: signature } } }),
  });
  const result = (toolCallId: string) => ({
    type: 'tool-result' as const,
    toolCallId,
    output: { type: 'text' as const, value: 'code' },
  });
  const history = (calls: ReturnType<typeof call>[]) => [
    m('m1', 'user', 'user_input', 'Read them'),
    m('m2', 'assistant', 'tool_call', calls),
    m(
      'm3',
      'tool',
      'tool_result',
      calls.map((part) => result(part.toolCallId)),
    ),
  ];
  const sentCalls = (calls: ReturnType<typeof call>[]) => {
    const message = toAiSdkMessages(history(calls), { provider: 'google' })[1];
    return message?.role === 'assistant' && typeof message.content !== 'string'
      ? message.content
      : [];
  };

  it('get the documented placeholder signature, which Gemini 3 requires', () => {
    const placeholder = { google: { thoughtSignature: 'skip_thought_signature_validator' } };
    expect(sentCalls([call('a'), call('b')])).toEqual([
      { ...call('a'), providerOptions: placeholder },
      { ...call('b'), providerOptions: placeholder },
    ]);
  });

  it('leave Gemini’s own parallel calls as they are: one signature, on the first call', () => {
    expect(sentCalls([call('a', 'sig-a'), call('b')])).toEqual([call('a', 'sig-a'), call('b')]);
  });

  it('are not touched for other providers', () => {
    const message = toAiSdkMessages(history([call('a')]), { provider: 'anthropic' })[1];
    expect(message).toEqual({ role: 'assistant', content: [call('a')] });
  });
});
