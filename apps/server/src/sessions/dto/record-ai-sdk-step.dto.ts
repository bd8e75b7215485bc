import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { WithExpectedRevisionDto } from './expected-revision.dto';

/** Body of `POST /v1/sessions/:sessionId/ai-sdk-steps`. */
export class RecordAiSdkStepDto extends WithExpectedRevisionDto {
  @ApiProperty({
    description:
      "The `response.messages` of the AI SDK's `generateText`/`streamText` (assistant and tool messages), as JSON.",
    type: 'array',
    items: { type: 'object', additionalProperties: true },
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
  @IsArray()
  @ArrayNotEmpty()
  messages!: unknown[];

  @ApiPropertyOptional({
    description:
      "Identifies the step (the AI SDK's `response.id` is a good choice); the recorded messages get the ids `<stepId>:0`, `<stepId>:1`, …. Default: derived from the body, so a retried request is recognized (and an identical second step too: send a stepId to tell them apart).",
    example: 'resp_01HX',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  stepId?: string;

  @ApiPropertyOptional({ description: 'Recorded as `runId` on every message.', example: 'run-7' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  runId?: string;

  @ApiPropertyOptional({
    description: 'Recorded as `metadata.agentName` on every message.',
    example: 'build',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  agentName?: string;
}
