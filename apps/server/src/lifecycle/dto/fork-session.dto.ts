import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Min } from 'class-validator';

/** Body of `POST /v1/sessions/:sessionId/forks`. */
export class ForkSessionDto {
  @ApiProperty({
    description:
      "The new session's id, in the caller's tenant (1–200 printable characters, no spaces); it must not exist yet, unless it is this very fork (a retry answers it).",
    example: 's1-branch',
  })
  @IsString()
  @Length(1, 200)
  @Matches(/^[^\s\p{Cc}]+$/u, {
    message: 'sessionId must not contain spaces or control characters',
  })
  sessionId!: string;

  @ApiPropertyOptional({
    description:
      "The source's revision to fork at (default: its head): the fork's model context at its start is the source's at this revision.",
    minimum: 0,
    example: 12,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  atRevision?: number;

  @ApiPropertyOptional({
    description:
      'Instead of atRevision: a message of the source, by the id its transcript shows; the fork is made at the revision that recorded it (the message is in the fork). It must be on the current line (not rewound).',
    example: 'm4',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  atMessageId?: string;
}
