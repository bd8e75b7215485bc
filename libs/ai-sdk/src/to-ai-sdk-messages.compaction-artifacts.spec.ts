import { modelMessage as m } from './testing';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

describe('provider compaction artifacts', () => {
  it("keep OpenAI's compaction item, whose text is blank, while other blank text parts are dropped", () => {
    const item = {
      type: 'text' as const,
      text: '',
      providerOptions: {
        openai: { type: 'compaction', encryptedContent: 'gAAAA', itemId: 'cmp_1' },
      },
    };
    const report = toAiSdkMessagesWithReport(
      [
        m('m1', 'assistant', 'assistant_text', [item]),
        m('m2', 'assistant', 'assistant_text', [{ type: 'text', text: ' ' }]),
        m('m3', 'user', 'user_input', 'Go on.'),
      ],
      { provider: 'openai' },
    );
    expect(report.messages).toEqual([
      { role: 'assistant', content: [item] },
      { role: 'user', content: 'Go on.' },
    ]);
    expect(report.fallbacks.map((fallback) => fallback.rule)).toContain('empty-part-dropped');
  });
});
