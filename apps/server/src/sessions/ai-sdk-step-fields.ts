import { isDeepStrictEqual } from 'node:util';
import type { RecordAiSdkStepDto } from './dto/record-ai-sdk-step.dto';

/** The fields of a step that come flat or inside the step object, resolved; or the complaints. */
export type AiSdkStepFieldsResult =
  | {
      ok: true;
      messages: unknown;
      provider?: string;
      modelId?: string;
      responseId?: string;
    }
  | { ok: false; errors: string[] };

/**
 * Where `POST …/ai-sdk-steps` finds a step's messages, provider, model and response id: the flat
 * fields (`messages`, `provider`, `modelId`, `responseId`), or the AI SDK's step object as
 * `onStepFinish` gives it (`response.messages`, `model.provider`, `response.modelId`, else
 * `model.modelId`, `response.id`). Both may be sent; a flat field that disagrees with its
 * counterpart in the step is a complaint, never a silent choice. `messages` must come one way or
 * the other.
 */
export function aiSdkStepFields(body: RecordAiSdkStepDto): AiSdkStepFieldsResult {
  const errors: string[] = [];
  const response = body.response ?? {};
  const model = body.model ?? {};
  const messages = agreed('messages', body.messages, 'response.messages', response['messages']);
  const provider = agreed('provider', body.provider, 'model.provider', model['provider']);
  const responseId = agreed('responseId', body.responseId, 'response.id', response['id']);
  const modelId = agreed(
    'modelId',
    body.modelId,
    'response.modelId',
    response['modelId'] ?? model['modelId'],
  );

  if (messages === undefined) {
    errors.push(
      "messages: send the step's response messages, as `messages` or in `response.messages` (the AI SDK step object: `{ generationId, ...step }`)",
    );
  } else if (!Array.isArray(messages)) {
    errors.push("response.messages: must be an array (the step's `response.messages`)");
  }
  for (const [field, value] of [
    ['model.provider', provider],
    ['response.modelId', modelId],
    ['response.id', responseId],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      errors.push(`${field}: must be a non-empty string`);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    messages,
    ...(provider === undefined ? {} : { provider: provider as string }),
    ...(modelId === undefined ? {} : { modelId: modelId as string }),
    ...(responseId === undefined ? {} : { responseId: responseId as string }),
  };

  function agreed(flatName: string, flat: unknown, stepName: string, inStep: unknown): unknown {
    if (flat === undefined || flat === null) return inStep ?? undefined;
    if (inStep !== undefined && inStep !== null && !isDeepStrictEqual(flat, inStep)) {
      errors.push(
        `${flatName}: differs from ${stepName}; send one of them, or the same value in both`,
      );
    }
    return flat;
  }
}
