import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { SessionParamsDto } from '../../sessions/dto/session-params.dto';

/** `:sessionId/transcript/:messageId` path parameters. */
export class TranscriptEntryParamsDto extends SessionParamsDto {
  @ApiProperty({ description: 'The runtime message id.', example: 'm4' })
  @IsString()
  @Length(1, 500)
  messageId!: string;
}
