import { aiSdkStepFields } from './ai-sdk-step-fields';
import type { RecordAiSdkStepDto } from './dto/record-ai-sdk-step.dto';

const messages = [{ role: 'assistant', content: [{ type: 'text', text: 'Done.' }] }];

describe('aiSdkStepFields', () => {
  it('reads the messages, model and response id of the step object as onStepFinish gives it', () => {
    const body: RecordAiSdkStepDto = {
      generationId: 'g1',
      stepNumber: 0,
      model: { provider: 'anthropic.messages', modelId: 'claude-requested' },
      response: {
        id: 'msg_1',
        modelId: 'claude-answered',
        timestamp: '2026-01-01T00:00:00.000Z',
        messages,
      },
      content: [{ type: 'text', text: 'Done.' }],
      request: {},
      warnings: [],
    };
    expect(aiSdkStepFields(body)).toEqual({
      ok: true,
      messages,
      provider: 'anthropic.messages',
      modelId: 'claude-answered',
      responseId: 'msg_1',
    });
  });

  it("takes the requested model's id when the response names none", () => {
    expect(
      aiSdkStepFields({ model: { provider: 'p', modelId: 'requested' }, response: { messages } }),
    ).toEqual({ ok: true, messages, provider: 'p', modelId: 'requested' });
  });

  it('keeps the flat fields of earlier clients, and accepts them beside the same values in the step', () => {
    expect(
      aiSdkStepFields({
        messages,
        provider: 'p',
        modelId: 'm',
        responseId: 'r',
        response: { messages, id: 'r', modelId: 'm' },
      }),
    ).toEqual({ ok: true, messages, provider: 'p', modelId: 'm', responseId: 'r' });
  });

  it('refuses a flat field that disagrees with the step, naming both', () => {
    expect(
      aiSdkStepFields({ messages: [], response: { messages, id: 'r2' }, responseId: 'r1' }),
    ).toEqual({
      ok: false,
      errors: [
        'messages: differs from response.messages; send one of them, or the same value in both',
        'responseId: differs from response.id; send one of them, or the same value in both',
      ],
    });
  });

  it('refuses a step without messages either way, and response fields of the wrong type', () => {
    expect(aiSdkStepFields({ response: { id: 7 }, model: { provider: '' } })).toEqual({
      ok: false,
      errors: [
        "messages: send the step's response messages, as `messages` or in `response.messages` (the AI SDK step object: `{ generationId, ...step }`)",
        'model.provider: must be a non-empty string',
        'response.id: must be a non-empty string',
      ],
    });
    expect(aiSdkStepFields({ response: { messages: 'none' } })).toEqual({
      ok: false,
      errors: ["response.messages: must be an array (the step's `response.messages`)"],
    });
  });
});
