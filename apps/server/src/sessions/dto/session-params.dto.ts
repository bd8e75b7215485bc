import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';

/** The `:sessionId` path parameter. */
export class SessionParamsDto {
  @ApiProperty({
    description:
      "The session, within the caller's tenant (its stream is `session-<sessionId>`, or `session-<tenant> <sessionId>` for a tenant other than `default`): 1–200 printable characters, no spaces.",
    example: 's1',
  })
  @IsString()
  @Length(1, 200)
  @Matches(/^[^\s\p{Cc}]+$/u, {
    message: 'sessionId must not contain spaces or control characters',
  })
  sessionId!: string;
}
