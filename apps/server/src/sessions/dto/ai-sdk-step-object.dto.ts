import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsObject, IsOptional } from 'class-validator';
import { RawJson } from '../../http/raw-json';
import { WithSubjectIdDto } from './subject-id.dto';

const notRecorded = (what: string) => ({
  description: `${what} of the AI SDK's step: accepted so that the step can be posted as \`onStepFinish\` gives it, and not recorded (\`response.messages\` holds what the step said).`,
});

/**
 * The fields of the AI SDK's `StepResult` (ai@6) as `JSON.stringify(step)` or `{ ...step }` gives
 * them, so that `POST …/ai-sdk-steps` takes `{ generationId, ...step }`: `model` and `response`
 * are read (`model.provider`, `response.messages`, `response.id`, `response.modelId`), the others
 * accepted and not recorded. The step's getters (`text`, `toolCalls`, …) are listed too: a step
 * copied into a plain object carries them.
 */
export class AiSdkStepObjectDto extends WithSubjectIdDto {
  @ApiPropertyOptional({
    description:
      "`step.model`: `{ provider, modelId }`. `model.provider` is recorded as the call's provider when `provider` is absent; `model.modelId` as its model when neither `modelId` nor `response.modelId` is sent.",
    type: 'object',
    additionalProperties: true,
    example: { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' },
  })
  @IsOptional()
  @IsObject()
  @RawJson()
  model?: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      "`step.response`: its `messages` are the step's response messages (as the flat `messages`), its `id` the `responseId`, its `modelId` the `modelId`; `timestamp`, `headers` and `body` are not recorded. A flat field and its `response` counterpart that disagree are refused (400 `InvalidRequest`): send one.",
    type: 'object',
    additionalProperties: true,
    example: { id: 'msg_01HX', modelId: 'claude-sonnet-4-5', messages: [] },
  })
  @IsOptional()
  @IsObject()
  @RawJson()
  response?: Record<string, unknown>;

  @ApiPropertyOptional(notRecorded('`content`'))
  @Allow()
  @RawJson()
  content?: unknown;

  @ApiPropertyOptional(notRecorded('`request` (the provider request body)'))
  @Allow()
  @RawJson()
  request?: unknown;

  @ApiPropertyOptional(notRecorded('`warnings`'))
  @Allow()
  @RawJson()
  warnings?: unknown;

  @ApiPropertyOptional(notRecorded('`rawFinishReason`'))
  @Allow()
  rawFinishReason?: unknown;

  @ApiPropertyOptional(notRecorded('`functionId` (telemetry)'))
  @Allow()
  functionId?: unknown;

  @ApiPropertyOptional(notRecorded('`metadata` (telemetry)'))
  @Allow()
  @RawJson()
  metadata?: unknown;

  @ApiPropertyOptional(notRecorded('`experimental_context`'))
  @Allow()
  @RawJson()
  experimental_context?: unknown;

  @ApiPropertyOptional(notRecorded('`text` (a getter)'))
  @Allow()
  text?: unknown;

  @ApiPropertyOptional(notRecorded('`reasoning` (a getter)'))
  @Allow()
  @RawJson()
  reasoning?: unknown;

  @ApiPropertyOptional(notRecorded('`reasoningText` (a getter)'))
  @Allow()
  reasoningText?: unknown;

  @ApiPropertyOptional(notRecorded('`files` (a getter)'))
  @Allow()
  @RawJson()
  files?: unknown;

  @ApiPropertyOptional(notRecorded('`sources` (a getter)'))
  @Allow()
  @RawJson()
  sources?: unknown;

  @ApiPropertyOptional(notRecorded('`toolCalls` (a getter)'))
  @Allow()
  @RawJson()
  toolCalls?: unknown;

  @ApiPropertyOptional(notRecorded('`staticToolCalls` (a getter)'))
  @Allow()
  @RawJson()
  staticToolCalls?: unknown;

  @ApiPropertyOptional(notRecorded('`dynamicToolCalls` (a getter)'))
  @Allow()
  @RawJson()
  dynamicToolCalls?: unknown;

  @ApiPropertyOptional(notRecorded('`toolResults` (a getter)'))
  @Allow()
  @RawJson()
  toolResults?: unknown;

  @ApiPropertyOptional(notRecorded('`staticToolResults` (a getter)'))
  @Allow()
  @RawJson()
  staticToolResults?: unknown;

  @ApiPropertyOptional(notRecorded('`dynamicToolResults` (a getter)'))
  @Allow()
  @RawJson()
  dynamicToolResults?: unknown;
}
