import { modelMessageSchema } from 'ai';
import { modelMessage as m } from './testing';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

const SHA = 'c'.repeat(64);

describe('attachments kept as blobs that reach the serializer unread', () => {
  it('become a text note naming the blob, in a message every provider accepts', () => {
    const report = toAiSdkMessagesWithReport(
      [
        m('m1', 'user', 'user_input', [
          { type: 'text', text: 'What is in it?' },
          {
            type: 'file',
            data: {
              type: 'blob',
              blob: { sha256: SHA, size: 9, mediaType: 'application/pdf', preview: '' },
            },
            mediaType: 'application/pdf',
            filename: 'q.pdf',
          },
        ]),
      ],
      { provider: 'anthropic' },
    );
    expect(report.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in it?' },
          {
            type: 'text',
            text: `[Attachment q.pdf (application/pdf, 9 bytes) kept as blob ${SHA}, not read]`,
          },
        ],
      },
    ]);
    for (const message of report.messages) {
      expect(modelMessageSchema.safeParse(message).success).toBe(true);
    }
  });
});
