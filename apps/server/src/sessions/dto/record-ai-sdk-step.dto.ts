import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';
import { AiSdkStepObjectDto } from './ai-sdk-step-object.dto';
import { ModelCallContextTokensDto } from './model-call-context-tokens.dto';
import { ModelCallCostDto } from './model-call-cost.dto';
import { ModelCallUsageDto } from './model-call-usage.dto';
import { RawJson } from '../../http/raw-json';

/**
 * Body of `POST /v1/sessions/:sessionId/ai-sdk-steps`: what `onStepFinish(step)` of the AI SDK's
 * `generateText`/`streamText` gives, posted as it is, once per step: `{ generationId, ...step }`
 * (the step object's own fields, `AiSdkStepObjectDto`), or the flat fields `messages`,
 * `provider`, `modelId`, `responseId` picked from it.
 */
export class RecordAiSdkStepDto extends AiSdkStepObjectDto {
  @ApiPropertyOptional({
    description:
      "The step's `response.messages` (assistant and tool messages), as JSON; required unless `response.messages` is sent. The AI SDK accumulates them: each step's array holds every response message of the generation so far, and may start with a tool message holding the results of tools approved before the call. Each message is recorded once: the message at index k gets the id `<generationId>:<k>` (`<generationId>:<k>.<j>` when it becomes several runtime messages), so a message a later step sends again at its index is recognized, and one that differs from the message recorded there is refused with 422 `GenerationConflict`.",
    type: 'array',
    items: { $ref: '#/components/schemas/AiSdkModelMessage' },
    example: [
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Read',
            input: { file_path: 'src/auth.ts' },
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
            output: { type: 'text', value: 'export function login() {}' },
          },
        ],
      },
    ],
  })
  @IsOptional()
  @IsArray()
  @RawJson()
  messages?: unknown[];

  @ApiPropertyOptional({
    description:
      'Identifies the generation: one `generateText`/`streamText` call, the same for all of its steps and new for every call (a UUID made before the call is a good choice). The recorded messages get the ids `<generationId>:<k>`. Default: `gen-<digest>` of the first response message with `runId` and `agentName` (of the whole step when `messages` is empty): two generations whose first response messages are identical, in the same run and agent, would be taken for one, so send a generationId.',
    example: 'gen-2f6c1c9e',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  generationId?: string;

  @ApiPropertyOptional({
    description:
      'Deprecated: the former name of `generationId`, still accepted (`generationId` wins when both are sent). A `stepId` that changes from step to step (such as `response.id`) only works when each post holds that step’s own messages; with the accumulated `step.response.messages`, send one `generationId` for all the steps.',
    deprecated: true,
    example: 'resp_01HX',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  stepId?: string;

  @ApiPropertyOptional({
    description:
      "The AI SDK's `step.stepNumber` (0-based). The call is identified as `<generationId>:step-<stepNumber>`; without it by `responseId`, else by the number of response messages.",
    minimum: 0,
    example: 1,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  stepNumber?: number;

  @ApiPropertyOptional({ description: 'Recorded as `runId` on every message.', example: 'run-7' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  runId?: string;

  @ApiPropertyOptional({
    description: 'Recorded as `metadata.agentName` on every message, and on the model call.',
    example: 'build',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  agentName?: string;

  @ApiPropertyOptional({
    description: 'The AI SDK provider id: `step.model.provider` (e.g. `anthropic.messages`).',
    example: 'anthropic.messages',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  provider?: string;

  @ApiPropertyOptional({
    description: 'The model that answered: `step.response.modelId`.',
    example: 'claude-sonnet-4-5',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  modelId?: string;

  @ApiPropertyOptional({
    description: "The provider's id of the response: `step.response.id`.",
    example: 'msg_01HX',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  responseId?: string;

  @ApiPropertyOptional({
    description:
      '`step.finishReason`: `stop`, `length`, `content-filter`, `tool-calls`, `error` or `other` (any other name is kept too).',
    example: 'tool-calls',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  finishReason?: string;

  @ApiPropertyOptional({
    description: '`step.usage`: the token counts (numbers ≥ 0) the provider reported.',
    type: ModelCallUsageDto,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ModelCallUsageDto)
  usage?: ModelCallUsageDto;

  @ApiPropertyOptional({
    description: '`step.providerMetadata`: provider name to a JSON object, kept as sent.',
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: true },
  })
  @IsOptional()
  @IsObject()
  @RawJson()
  providerMetadata?: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      'The session revision whose model context the call was made from (the `revision` of the `GET …/model-context` answer the runtime sent to the model); recorded on the model call.',
    minimum: 0,
    example: 5,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  contextRevision?: number;

  @ApiPropertyOptional({
    description:
      "How long the model call took, in milliseconds, as the runtime measured it (the AI SDK's step has no start time; the TypeScript client measures from the step's start to `step.response.timestamp`, else to `onStepFinish`). Recorded as the call's `latencyMs`; a re-sent step may carry another measurement.",
    minimum: 0,
    example: 1840,
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  latencyMs?: number;

  @ApiPropertyOptional({
    description:
      "What the call cost, when the runtime knows it. Without it, the cost is read from `providerMetadata` where the provider reports one (the AI Gateway's `gateway.cost`, OpenRouter's `openrouter.usage.cost`, both in USD).",
    type: ModelCallCostDto,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ModelCallCostDto)
  cost?: ModelCallCostDto;

  @ApiPropertyOptional({
    description:
      "The model-context answer's `tokens` for the context the call was sent (`{ input, method }`): recorded as the call's `contextTokens`, beside the provider's reported usage (analytics compare them). The TypeScript client sends it.",
    type: ModelCallContextTokensDto,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ModelCallContextTokensDto)
  contextTokens?: ModelCallContextTokensDto;
}
