import { ApiProperty } from '@nestjs/swagger';

/** What every command answers. */
export class SessionCommandResponseDto {
  @ApiProperty({ example: 's1' })
  sessionId!: string;

  @ApiProperty({
    description:
      "Revision of the session stream's last event: send it as `expectedRevision` next. -1 only when the session does not exist (nothing was recorded).",
    example: 5,
  })
  revision!: number;

  @ApiProperty({
    description:
      "Global position of the stream's last event in `$all`: a query given it as `minPosition` sees this write.",
    example: 5,
  })
  position!: number;
}
