import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Min } from 'class-validator';
import { WithExpectedRevisionDto } from '../../sessions/dto/expected-revision.dto';

/** Body of `POST /v1/sessions/:sessionId/rewinds`: exactly one of `toRevision`, `toMessageId`. */
export class RewindSessionDto extends WithExpectedRevisionDto {
  @ApiPropertyOptional({
    description:
      "The revision to go back to: it stays, every event after it is undone for the model context and the decider. Must be on the session's current line.",
    minimum: 0,
    example: 7,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  toRevision?: number;

  @ApiPropertyOptional({
    description:
      'A message to go back to: the revision at which it was recorded (the message stays, everything after it is undone).',
    example: 'm4',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  toMessageId?: string;

  @ApiPropertyOptional({ description: 'Why the session was rewound (recorded in the event).' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  reason?: string;
}
