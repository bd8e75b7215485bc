import { postJson } from '../testing/http-client';
import { startServer, type RunningServer } from '../testing/start-server';

/**
 * A runtime that uploads a long answer, a long reasoning and a long tool-input value first and
 * refers to them in the step it posts to `…/ai-sdk-steps`, as it may in an append: the AI SDK's
 * schemas, which check a step, know no blob field and would drop it.
 */
describe('blob references in an AI SDK step', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 180_000);
  afterAll(() => server.stop(), 60_000);

  const upload = async (sessionId: string, text: string): Promise<string> => {
    const response = await fetch(`${server.url}/v1/sessions/${sessionId}/blobs`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: text,
    });
    expect(response.status).toBe(201);
    return String(((await response.json()) as { sha256: unknown }).sha256);
  };
  const answer = `StepAnswerStart ${'the answer goes on, '.repeat(5000)} StepAnswerEnd`;
  const reasoning = `StepReasoningStart ${'thinking it over, '.repeat(4000)} StepReasoningEnd`;
  const fileText = `StepFileStart ${'const x = 1;\n'.repeat(6000)} StepFileEnd`;

  it('records each reference, and the model context reads the whole texts back', async () => {
    const sessionId = 'step-blobs';
    const opened = await postJson(`${server.url}/v1/sessions/${sessionId}/messages`, {
      messages: [
        {
          id: 'u1',
          sessionId,
          kind: 'user_input',
          role: 'user',
          createdAt: '2026-04-08T10:00:00.000Z',
          content: 'Write the file and explain it.',
        },
      ],
    });
    expect(opened.status).toBe(200);
    const [answerSha, reasoningSha, fileSha] = [
      await upload(sessionId, answer),
      await upload(sessionId, reasoning),
      await upload(sessionId, fileText),
    ];
    const step = await postJson(`${server.url}/v1/sessions/${sessionId}/ai-sdk-steps`, {
      generationId: 'gen-1',
      stepNumber: 0,
      provider: 'anthropic.messages',
      modelId: 'claude-sonnet-4-5',
      finishReason: 'tool-calls',
      messages: [
        {
          role: 'assistant',
          content: [
            {
              type: 'reasoning',
              text: reasoning.slice(0, 100),
              blob: { sha256: reasoningSha, textLength: reasoning.length },
            },
            { type: 'text', text: 'A short note first.' },
            { type: 'text', text: answer.slice(0, 100), blob: { sha256: answerSha } },
            {
              type: 'tool-call',
              toolCallId: 'call-write',
              toolName: 'Write',
              input: { file_path: 'src/x.ts', content: fileText.slice(0, 100) },
              inputBlobs: [{ path: ['content'], blob: { sha256: fileSha } }],
            },
          ],
        },
      ],
    });
    expect(step.status).toBe(200);

    const events = await fetch(`${server.url}/v1/sessions/${sessionId}/events`);
    expect(events.status).toBe(200);
    const recorded = await events.text();
    for (const sha of [answerSha, reasoningSha, fileSha]) expect(recorded).toContain(sha);
    // The events hold references and previews, not the texts.
    expect(recorded).not.toContain('StepAnswerEnd');
    expect(recorded.length).toBeLessThan(30_000);

    const context = await fetch(
      `${server.url}/v1/sessions/${sessionId}/model-context?format=ai-sdk-prompt&provider=anthropic`,
    );
    expect(context.status).toBe(200);
    const text = await context.text();
    // The latest turn's long answer goes whole; the input's value too.
    expect(text).toContain('StepAnswerEnd');
    expect(text).toContain('A short note first.');
    expect(text).toContain('StepFileEnd');
  });

  it('refuses a reference that is not one (400), rather than recording the preview as the text', async () => {
    const refused = await postJson(`${server.url}/v1/sessions/step-bad/ai-sdk-steps`, {
      generationId: 'gen-1',
      stepNumber: 0,
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'text', text: 'preview only', blob: { sha256: 'not-a-hash' } }],
        },
      ],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('messages[0].content[0].blob must be');
  });
});
