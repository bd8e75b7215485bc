import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Every error response (see `ErrorBody`). */
export class ErrorResponseDto {
  @ApiProperty({ example: 422 })
  statusCode!: number;

  @ApiProperty({ description: 'Stable error code.', example: 'UnknownToolCall' })
  code!: string;

  @ApiProperty({
    description: 'What was wrong, where, and what would be accepted.',
    example:
      'Message "m4" (tool_result): content[0].toolCallId "call_9" answers no tool call of this session. Record the tool_call message first (earlier, or before this result in the same batch).',
  })
  message!: string;

  @ApiPropertyOptional({
    description: '400: every complaint, each naming its field.',
    type: [String],
  })
  errors?: string[];

  @ApiPropertyOptional({ description: '422: the offending message id.', example: 'm4' })
  messageId?: string;

  @ApiPropertyOptional({
    description: '422: the offending field.',
    example: 'content[0].toolCallId',
  })
  field?: string;

  @ApiPropertyOptional({ description: '409: the revision the request expected (-1: no stream).' })
  expectedRevision?: number;

  @ApiPropertyOptional({ description: "409: the stream's actual revision (-1: no stream)." })
  actualRevision?: number;

  @ApiPropertyOptional({ description: '413: size of the append in bytes.' })
  size?: number;

  @ApiPropertyOptional({ description: '413: the limit in bytes.' })
  limit?: number;

  @ApiPropertyOptional({
    description:
      "While tracing is on (OTEL_* variables, docs/operations.md): the request's trace id, as in its log lines.",
    example: '4bf92f3577b34da6a3ce929d0e0e4736',
  })
  traceId?: string;
}
