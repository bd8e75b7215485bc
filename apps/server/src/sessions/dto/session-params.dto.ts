import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';

/** The `:sessionId` path parameter. */
export class SessionParamsDto {
  @ApiProperty({
    description: 'The session (its stream is `session-<sessionId>`): 1–200 printable characters, no spaces.',
    example: 's1',
  })
  @IsString()
  @Length(1, 200)
  @Matches(/^[^\s\u0000-\u001f\u007f]+$/, { message: 'sessionId must not contain spaces or control characters' })
  sessionId!: string;
}
