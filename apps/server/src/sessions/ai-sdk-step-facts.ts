import type { ModelCallUsage } from '@agent-ledger/events';
import type { JsonObject, JsonValue, ProviderOptions } from '@agent-ledger/messages';
import type { AiSdkStepFacts } from './commands/record-ai-sdk-step.command';
import type { RecordAiSdkStepDto } from './dto/record-ai-sdk-step.dto';
import type { ModelCallUsageDto } from './dto/model-call-usage.dto';
import { providerReportedCost } from './provider-reported-cost';

/** The step's facts from a checked body, or the complaints about what the DTO cannot check. */
export type AiSdkStepFactsResult =
  { ok: true; facts: AiSdkStepFacts } | { ok: false; errors: string[] };

/**
 * The facts of `POST …/ai-sdk-steps` besides its messages, with absent (or `null`) counts left
 * out. `providerMetadata` must map each provider to a JSON object, `usage.raw` be one. The cost is
 * the runtime's (`source: 'runtime'`), else the one the provider reported in `providerMetadata`. `fields`:
 * the provider, model and response id where `aiSdkStepFields` found them (default: the flat ones).
 */
export function aiSdkStepFacts(
  body: RecordAiSdkStepDto,
  fields: Pick<AiSdkStepFacts, 'provider' | 'modelId' | 'responseId'> = body,
): AiSdkStepFactsResult {
  const errors: string[] = [];
  const { usage } = body;
  const providerMetadata = providerMetadataOf(body.providerMetadata, errors);
  const raw = usage?.raw;
  if (raw !== undefined && !isJsonObject(raw)) errors.push('usage.raw: must be a JSON object');
  if (errors.length > 0) return { ok: false, errors };
  // Picked field by field: the rest of the body (the step object's other fields) is not a fact.
  const facts: AiSdkStepFacts = {
    ...defined({
      generationId: body.generationId,
      stepId: body.stepId,
      stepNumber: body.stepNumber,
      runId: body.runId,
      agentName: body.agentName,
      provider: fields.provider,
      modelId: fields.modelId,
      responseId: fields.responseId,
      finishReason: body.finishReason,
      contextRevision: body.contextRevision,
      latencyMs: body.latencyMs,
    }),
    ...(usage === undefined ? {} : { usage: usageOf(usage, isJsonObject(raw) ? raw : undefined) }),
    ...(providerMetadata === undefined ? {} : { providerMetadata }),
    ...costOf(body, providerMetadata),
    ...(body.contextTokens === undefined
      ? {}
      : { contextTokens: { input: body.contextTokens.input, method: body.contextTokens.method } }),
  };
  return { ok: true, facts };
}

function costOf(
  body: RecordAiSdkStepDto,
  providerMetadata: ProviderOptions | undefined,
): Pick<AiSdkStepFacts, 'cost'> {
  if (body.cost !== undefined) {
    return {
      cost: { amount: body.cost.amount, currency: body.cost.currency, source: 'runtime' },
    };
  }
  const reported = providerReportedCost(providerMetadata);
  return reported === undefined ? {} : { cost: reported };
}

function usageOf(usage: ModelCallUsageDto, raw: JsonObject | undefined): ModelCallUsage {
  const { inputTokenDetails, outputTokenDetails, raw: _raw, ...counts } = usage;
  const input = inputTokenDetails === undefined ? {} : defined({ ...inputTokenDetails });
  const output = outputTokenDetails === undefined ? {} : defined({ ...outputTokenDetails });
  return {
    ...defined(counts),
    ...(inputTokenDetails === undefined ? {} : { inputTokenDetails: input }),
    ...(outputTokenDetails === undefined ? {} : { outputTokenDetails: output }),
    ...(raw === undefined ? {} : { raw }),
  };
}

function providerMetadataOf(
  value: Record<string, unknown> | undefined,
  errors: string[],
): ProviderOptions | undefined {
  if (value === undefined) return undefined;
  const metadata: ProviderOptions = {};
  for (const [provider, entry] of Object.entries(value)) {
    if (isJsonObject(entry)) metadata[provider] = entry;
    else errors.push(`providerMetadata.${provider}: must be a JSON object`);
  }
  return metadata;
}

function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isJsonObject(value);
}

function isJsonObject(value: unknown): value is JsonObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(isJsonValue)
  );
}

/** The object without its `undefined` and `null` members (fields the client left out). */
function defined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined | null> } {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null),
  ) as { [K in keyof T]: Exclude<T[K], undefined | null> };
}
